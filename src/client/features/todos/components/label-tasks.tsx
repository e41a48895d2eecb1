import { Loader2 } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import type { LabelTask } from '../../../../shared/schemas/label.ts';
import { EmptyPane } from '../../../components/tree/pane-parts.tsx';
import { useLabelTasks } from '../hooks/use-labels.ts';
import { LabelChips } from './label-chips.tsx';
import { PriorityBadge } from './task-badges.tsx';

interface LabelTasksProps {
  labelId: string;
  labelName: string;
  selectedTaskId: string | null;
  onOpen(task: LabelTask): void;
}

/** The task pane while a label is chosen: its tasks across every list, each with its list and category. */
export function LabelTasks({ labelId, labelName, selectedTaskId, onOpen }: LabelTasksProps) {
  const tasks = useLabelTasks(labelId);
  if (tasks.isError)
    return <p className="px-3 py-6 text-center text-sm text-red-600">{tasks.error.message}</p>;
  if (!tasks.data) {
    return (
      <p className="flex justify-center py-6 text-slate-400" role="status">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        <span className="sr-only">{messages.loading}</span>
      </p>
    );
  }
  if (tasks.data.length === 0) return <EmptyPane text={messages.labels.noTasksWithLabel} />;
  return (
    <ul className="space-y-0.5" aria-label={`Tasks labelled ${labelName}`}>
      {tasks.data.map((task) => (
        <li key={task.id}>
          <button
            type="button"
            onClick={() => onOpen(task)}
            aria-current={selectedTaskId === task.id ? 'true' : undefined}
            className={`block w-full rounded-md px-2 py-1 text-left text-sm focus-visible:outline-2 focus-visible:outline-blue-600 ${
              selectedTaskId === task.id
                ? 'bg-slate-200/70 text-slate-900'
                : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            {/* slate-600, not 500: the chosen row's grey leaves 500 below 4.5:1 (axe). */}
            <span className={`block truncate ${task.completed ? 'text-slate-600 line-through' : ''}`}>
              {task.text}
            </span>
            <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
              <span>{messages.labels.place(task.todoTitle, task.categoryTitle)}</span>
              <PriorityBadge priority={task.priority} />
              <LabelChips labelIds={task.labelIds} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
