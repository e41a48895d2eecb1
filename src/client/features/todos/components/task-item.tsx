import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Check, GripVertical } from 'lucide-react';
import { useState } from 'react';
import type { TaskListItem } from '../../../../shared/schemas/task.ts';
import { useLongPress } from '../../../components/tree/use-long-press.ts';
import { RowMenu } from '../../../components/ui/row-menu.tsx';
import { taskOpenAttribute, taskRowAttribute } from '../hooks/use-list-keyboard.ts';
import { LabelChips } from './label-chips.tsx';
import { DueDateBadge, EstimateBadge, PriorityBadge, ProgressBadge, RepeatBadge } from './task-badges.tsx';

interface TaskItemProps {
  task: TaskListItem;
  selected: boolean;
  readOnly: boolean;
  today: Date;
  onOpen(): void;
  onToggle(completed: boolean): void;
  onDelete(): void;
  onMoveTo?(): void;
}

/**
 * One task in the category's list: its checkbox, text, and the due-date badge, estimate, priority and
 * subtask progress (docs/PRODUCT.md §2, §9). Drags like a tree row (the grip is the keyboard handle).
 */
export function TaskItem(props: TaskItemProps) {
  const { task, selected, readOnly, today, onOpen, onToggle, onDelete } = props;
  const sortable = useSortable({
    id: `task:${task.id}`,
    data: { kind: 'task', id: task.id, parentId: task.categoryId },
    disabled: readOnly,
  });
  const { setNodeRef, transform, transition, isDragging, listeners, attributes } = sortable;
  const name = task.text || 'task';
  const [menuOpen, setMenuOpen] = useState(false);
  const { chain, ...longPress } = useLongPress(() => setMenuOpen(!readOnly));

  return (
    <li
      ref={setNodeRef}
      {...{ [taskRowAttribute]: task.id }}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'relative z-10 opacity-60' : undefined}
    >
      <div
        {...longPress}
        onPointerDown={chain((event) => listeners?.onPointerDown?.(event))}
        className={`group flex items-start gap-1 rounded-md py-1 pr-1 pl-0.5 text-sm transition-colors ${
          selected ? 'bg-slate-200/70 text-slate-900' : 'text-slate-700 hover:bg-slate-100'
        }`}
      >
        <button
          type="button"
          {...attributes}
          onKeyDown={(event) => listeners?.onKeyDown?.(event)}
          aria-label={`Move task ${name}`}
          disabled={readOnly}
          className="mt-1 shrink-0 cursor-grab rounded p-0.5 text-slate-300 opacity-0 group-hover:opacity-100 pointer-coarse:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:invisible"
        >
          <GripVertical className="h-3.5 w-3.5" aria-hidden="true" />
        </button>
        <label className="relative mt-1 flex shrink-0 cursor-pointer">
          <input
            type="checkbox"
            checked={task.completed}
            disabled={readOnly}
            onChange={(event) => onToggle(event.target.checked)}
            aria-label={`Complete ${name}`}
            className="peer h-4 w-4 cursor-pointer appearance-none rounded border border-slate-300 bg-white checked:border-green-600 checked:bg-green-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 disabled:cursor-not-allowed"
          />
          <Check
            className="pointer-events-none absolute inset-0 m-auto hidden h-3 w-3 text-white peer-checked:block"
            strokeWidth={3}
            aria-hidden="true"
          />
        </label>
        {/* The button is named by the task's text alone and its badges describe it: a name holding
            the badges too would not start with what people say to voice control. The button's ::after
            stretches over the badges, so the whole block still opens the task with the pointer. */}
        <div className="relative min-w-0 flex-1">
          <button
            type="button"
            onClick={onOpen}
            {...{ [taskOpenAttribute]: task.id }}
            aria-current={selected ? 'true' : undefined}
            aria-label={task.text ? undefined : name}
            aria-describedby={`task-meta-${task.id}`}
            className="block w-full rounded px-1 pt-0.5 text-left after:absolute after:inset-0 after:rounded focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-blue-600"
          >
            <span
              className={`block truncate ${task.completed ? 'text-slate-500 line-through' : ''} ${selected ? 'font-medium' : ''}`}
            >
              {task.text}
            </span>
          </button>
          <span
            id={`task-meta-${task.id}`}
            className="pointer-events-none mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 px-1 pb-0.5"
          >
            <DueDateBadge dueDate={task.dueDate} dueTime={task.dueTime} today={today} />
            <RepeatBadge repeat={task.repeat} />
            <EstimateBadge minutes={task.estimatedTime} />
            <PriorityBadge priority={task.priority} />
            <ProgressBadge completed={task.subtasksCompleted} total={task.subtasksTotal} />
            <LabelChips labelIds={task.labelIds} />
          </span>
        </div>
        <RowMenu
          name={name}
          disabled={readOnly}
          onMoveTo={props.onMoveTo}
          onDelete={onDelete}
          open={menuOpen}
          onOpenChange={setMenuOpen}
        />
      </div>
    </li>
  );
}
