import { AlertTriangle, Check, ChevronRight, ListTodo, Loader2, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { TaskDetail } from '../../../../shared/schemas/task.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isInOverlay, isTextField } from '../../../lib/keyboard.ts';
import { TaskCalendarMenu } from '../../calendar-sync/index.ts';
import { TaskReminders } from '../../reminders/index.ts';
import { useTaskDetail } from '../hooks/use-task-detail.ts';
import type { TodosWorkspace } from '../hooks/use-todos-workspace.ts';
import { findCategory } from '../todos-tree-ops.ts';
import { LabelPicker } from './label-picker.tsx';
import { SubtaskList } from './subtask-list.tsx';
import { DueDateBadge, EstimateBadge, PriorityBadge } from './task-badges.tsx';
import { TaskDescription } from './task-description.tsx';
import { TaskDetails } from './task-details.tsx';
import { TaskRepeat } from './task-repeat.tsx';
import { TaskTitle } from './task-title.tsx';

const m = messages.todos;

interface TaskPanelProps {
  todos: TodosWorkspace;
  readOnly: boolean;
  /** The task whose heading takes the focus when it shows (it was opened from a row). */
  focusHeadingOf?: string | null;
  onHeadingFocused?(): void;
  /** Escape outside a field: back to the list (todos-content.tsx). */
  onEscape?(): void;
}

type FocusProps = Pick<TaskPanelProps, 'focusHeadingOf' | 'onHeadingFocused' | 'onEscape'>;

/** Beside or in place of the task list: the selected task, or `No task selected`. */
export function TaskPanel({ todos, readOnly, ...focus }: TaskPanelProps) {
  const taskId = todos.selection.taskId;
  const query = useTaskDetail(taskId);
  const { select, selection } = todos;

  // A task that is gone (deleted elsewhere) is no longer selected.
  const missing = query.error instanceof ApiError && query.error.status === 404;
  useEffect(() => {
    if (missing) select({ ...selection, taskId: null });
  }, [missing, select, selection]);

  if (!taskId || missing) return <Empty />;
  if (!query.data) {
    if (query.isError) return <p className="p-10 text-center text-sm text-red-600">{query.error.message}</p>;
    return (
      <div className="flex flex-1 items-center justify-center text-slate-400" role="status">
        <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />
        <span className="sr-only">{messages.loading}</span>
      </div>
    );
  }
  return <TaskView key={query.data.id} task={query.data} todos={todos} readOnly={readOnly} focus={focus} />;
}

function Empty() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
      <ListTodo className="h-10 w-10 text-slate-200" aria-hidden="true" />
      <p className="text-sm font-medium text-slate-500">{m.noTaskSelected}</p>
    </div>
  );
}

function TaskView(props: { task: TaskDetail; todos: TodosWorkspace; readOnly: boolean; focus: FocusProps }) {
  const { task, todos, readOnly, focus } = props;
  const [detailsOpen, setDetailsOpen] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);
  const blocked = todos.blocked?.taskId === task.id ? todos.blocked : null;
  const place = todos.tree ? findCategory(todos.tree, task.categoryId) : null;
  const open = task.subtasks.filter((s) => !s.completed).length;
  const update = (patch: Parameters<typeof todos.editTask>[1]) => todos.editTask(task, patch);

  // A refused completion opens the Task Details (docs/PRODUCT.md §2).
  useEffect(() => {
    if (blocked) setDetailsOpen(true);
  }, [blocked]);

  // Opened from a row: focus goes to the heading, unless the title is being named or edited.
  const { focusHeadingOf, onHeadingFocused } = focus;
  const namingTitle = todos.createdTaskId === task.id;
  useEffect(() => {
    if (focusHeadingOf !== task.id) return;
    if (!namingTitle) heading.current?.focus();
    onHeadingFocused?.();
  }, [focusHeadingOf, task.id, namingTitle, onHeadingFocused]);

  // Escape outside a field or menu hands the focus back to the list (a listener: the panel is no control).
  const panel = useRef<HTMLDivElement>(null);
  const onEscape = useRef(focus.onEscape);
  onEscape.current = focus.onEscape;
  useEffect(() => {
    const element = panel.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !onEscape.current) return;
      if (isTextField(event.target) || isInOverlay(event.target)) return;
      event.preventDefault();
      onEscape.current();
    };
    element?.addEventListener('keydown', onKeyDown);
    return () => element?.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div ref={panel} className="min-h-0 flex-1 overflow-y-auto">
      <article className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8 sm:py-8">
        <h2
          ref={heading}
          tabIndex={-1}
          className="mb-3 flex min-w-0 items-center gap-1 rounded text-xs font-normal text-slate-500 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {place ? (
            <>
              <span
                className="h-2 w-2 shrink-0 rounded-full"
                style={{ backgroundColor: place.todo.color }}
                aria-hidden="true"
              />
              <span className="truncate">{place.todo.title}</span>
              <ChevronRight className="h-3 w-3 shrink-0" aria-hidden="true" />
              <span className="truncate">{place.category.title}</span>
            </>
          ) : (
            <span>Task</span>
          )}
        </h2>
        <div className="flex items-start gap-3">
          <label className="relative mt-2 flex shrink-0 cursor-pointer">
            <input
              type="checkbox"
              checked={task.completed}
              disabled={readOnly}
              onChange={(event) => todos.setCompleted({ ...task, openSubtasks: open }, event.target.checked)}
              aria-label="Mark task complete"
              className="peer h-5 w-5 cursor-pointer appearance-none rounded-md border-2 border-slate-300 bg-white checked:border-green-600 checked:bg-green-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed"
            />
            <Check
              className="pointer-events-none absolute inset-0 m-auto hidden h-3.5 w-3.5 text-white peer-checked:block"
              strokeWidth={3}
              aria-hidden="true"
            />
          </label>
          <TaskTitle
            key={task.text}
            text={task.text}
            completed={task.completed}
            readOnly={readOnly}
            onSave={(text) => update({ text })}
            autoFocus={todos.createdTaskId === task.id}
            onFocused={todos.doneNamingTask}
          />
          <button
            type="button"
            disabled={readOnly}
            onClick={() => todos.setPendingDelete({ kind: 'task', id: task.id, title: task.text, task })}
            aria-label="Delete task"
            title="Delete task"
            className="mt-1 shrink-0 rounded-md p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:invisible"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-3 pl-8">
          <DueDateBadge dueDate={task.dueDate} dueTime={task.dueTime} today={new Date()} />
          <EstimateBadge minutes={task.estimatedTime} />
          <PriorityBadge priority={task.priority} />
          {task.completed && <span className="text-xs font-medium text-green-700">Completed</span>}
        </div>

        {blocked && (
          <div
            role="alert"
            className="mt-5 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden="true" />
            <div>
              <p className="font-semibold">{m.cannotComplete}</p>
              <p className="mt-0.5 text-amber-800">{m.completeSubtasksFirst(blocked.remaining)}</p>
            </div>
          </div>
        )}

        <div className="mt-6 space-y-4">
          <TaskDetails
            task={task}
            open={detailsOpen}
            onOpenChange={setDetailsOpen}
            readOnly={readOnly}
            onChange={update}
          />
          <TaskRepeat task={task} readOnly={readOnly} onChange={update} />
          <TaskReminders task={task} readOnly={readOnly} />
          <LabelPicker task={task} readOnly={readOnly} onChange={update} />
          <TaskDescription
            taskId={task.id}
            initial={task.description}
            readOnly={readOnly}
            onSave={(description, outcome) => todos.editTask(task, { description }, outcome)}
          />
          <SubtaskList task={task} readOnly={readOnly} blockedCount={blocked ? blocked.remaining : null} />
          <TaskCalendarMenu task={task} readOnly={readOnly} />
        </div>
      </article>
    </div>
  );
}
