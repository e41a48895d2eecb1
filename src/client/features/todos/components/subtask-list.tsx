import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ListChecks, Plus } from 'lucide-react';
import { useState } from 'react';
import { progress } from '../../../../shared/domain/task-display.ts';
import { messages } from '../../../../shared/messages.ts';
import type { TaskDetail } from '../../../../shared/schemas/task.ts';
import { dragAccessibility } from '../../../components/tree/drag-announcements.ts';
import { useTreeSensors } from '../../../components/tree/tree-dnd-kit.tsx';
import { ConfirmDelete } from '../../../components/ui/confirm-delete.tsx';
import { useSubtaskMutations } from '../hooks/use-task-detail.ts';
import { SubtaskRow } from './subtask-row.tsx';

const m = messages.todos;

interface SubtaskListProps {
  task: TaskDetail;
  readOnly: boolean;
  /** Set while a refused completion highlights the open subtasks (3 s). */
  blockedCount: number | null;
}

/** The Subtasks block: progress, the add box (Enter adds), and the list with drag reorder (docs/PRODUCT.md §2). */
export function SubtaskList({ task, readOnly, blockedCount }: SubtaskListProps) {
  const mutations = useSubtaskMutations(task);
  const sensors = useTreeSensors();
  const [text, setText] = useState('');
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const done = task.subtasks.filter((s) => s.completed).length;
  const total = task.subtasks.length;

  const add = () => {
    const value = text.trim();
    if (!value) return;
    setText('');
    // Refused: the subtask goes away again and its text comes back to the box (unless retyped).
    mutations.createSubtask.mutate(value, { onError: () => setText((current) => current || value) });
  };

  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    mutations.moveSubtask(String(active.id), String(over.id));
  };

  return (
    <section aria-labelledby="subtasks-heading" className="rounded-xl border border-slate-200 bg-white">
      <div className="flex items-center justify-between gap-3 px-4 pt-3">
        <h3 id="subtasks-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          <ListChecks className="h-4 w-4 text-slate-400" aria-hidden="true" />
          Subtasks
        </h3>
        {total > 0 && (
          <p className="text-xs text-slate-500" data-testid="subtask-progress">
            <span className="font-medium text-slate-700 tabular-nums">
              {done}/{total}
            </span>
            <span className="sr-only"> subtasks done,</span>
            <span aria-hidden="true"> · </span>
            <span className="tabular-nums">{progress(done, total)}%</span>
          </p>
        )}
      </div>
      {total > 0 && (
        <div className="mx-4 mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div
            className="h-full rounded-full bg-green-500 transition-[width]"
            style={{ width: `${progress(done, total)}%` }}
          />
        </div>
      )}
      {blockedCount !== null && (
        <p
          role="status"
          className="mx-4 mt-3 rounded-md bg-amber-50 px-3 py-1.5 text-xs font-medium text-amber-800"
        >
          {m.completeSubtasksFirst(blockedCount)}
        </p>
      )}
      <div className="px-2 py-2">
        {total === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-slate-500">{m.noSubtasksYet}</p>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={subtaskAccessibility(task)}
          >
            <SortableContext items={task.subtasks.map((s) => s.id)} strategy={verticalListSortingStrategy}>
              <ul className="space-y-0.5" aria-label="Subtasks">
                {task.subtasks.map((subtask) => (
                  <SubtaskRow
                    key={subtask.id}
                    subtask={subtask}
                    readOnly={readOnly}
                    highlighted={blockedCount !== null && !subtask.completed}
                    onToggle={(completed) => mutations.updateSubtask.mutate({ id: subtask.id, completed })}
                    onSave={(value) => mutations.updateSubtask.mutate({ id: subtask.id, text: value })}
                    onDelete={() => setPendingDelete(subtask.id)}
                  />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        )}
      </div>
      {!readOnly && (
        <form
          className="flex items-center gap-2 rounded-b-xl border-t border-slate-100 px-4 py-3 focus-within:bg-blue-50/40 focus-within:ring-2 focus-within:ring-blue-200 focus-within:ring-inset"
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <Plus className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
          <input
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-label="Add a subtask"
            placeholder="Add a subtask and press Enter"
            maxLength={1000}
            className="min-w-0 flex-1 bg-transparent py-1 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none"
          />
        </form>
      )}
      <ConfirmDelete
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title={m.deleteSubtaskTitle}
        description={m.deleteSubtask}
        onConfirm={() => pendingDelete && mutations.deleteSubtask.mutate(pendingDelete)}
      />
    </section>
  );
}

/** Subtask drags announced by text and position (their rows carry only their ids). */
function subtaskAccessibility(task: TaskDetail) {
  const ids = task.subtasks.map((s) => s.id);
  return dragAccessibility(
    () => ({
      title: (_kind, id) => task.subtasks.find((s) => s.id === id)?.text,
      children: () => ids,
      parentOf: () => task.id,
    }),
    (entry) => (entry ? { kind: 'subtask', id: String(entry.id), parentId: task.id } : null),
  );
}
