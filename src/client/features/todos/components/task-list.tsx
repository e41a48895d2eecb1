import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import * as Tabs from '@radix-ui/react-tabs';
import { Loader2 } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import type { TaskListItem } from '../../../../shared/schemas/task.ts';
import { EmptyPane } from '../../../components/tree/pane-parts.tsx';
import { useListKeyboard } from '../hooks/use-list-keyboard.ts';
import { matchesFilters, noFilters, TaskFilterBar, type TaskFilters } from './task-filters.tsx';
import { TaskItem } from './task-item.tsx';

export type TaskFilter = 'active' | 'done';

interface TaskListProps {
  tasks: TaskListItem[] | undefined;
  error: string | null;
  categoryTitle: string;
  filter: TaskFilter;
  onFilterChange(filter: TaskFilter): void;
  selectedTaskId: string | null;
  readOnly: boolean;
  onOpen(task: TaskListItem): void;
  onToggle(task: TaskListItem, completed: boolean): void;
  onDelete(task: TaskListItem): void;
  /** The row menu's `Move to…` (another category or list). */
  onMoveTo?(task: TaskListItem): void;
  /** The list's `e`: open the task with its title ready to edit. */
  onEdit(task: TaskListItem): void;
  /** By label and priority, on top of Active/Done (task-filters.tsx). */
  filters?: TaskFilters;
  onFiltersChange?(filters: TaskFilters): void;
}

const tabClass =
  'flex-1 rounded-md py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-blue-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm data-[state=inactive]:text-slate-600 data-[state=inactive]:hover:text-slate-900';

/** The content area's list in todos mode: the selected category's tasks, filtered Active or Done. */
export function TaskList(props: TaskListProps) {
  const { tasks, filter } = props;
  const filters = props.filters ?? noFilters;
  const inTab = tasks?.filter((t) => t.completed === (filter === 'done')) ?? [];
  const shown = inTab.filter((t) => matchesFilters(t, filters));
  const today = new Date();
  const onKeyDown = useListKeyboard({
    items: shown,
    onOpen: props.onOpen,
    onToggle: (task) => props.onToggle(task, !task.completed),
    onEdit: props.onEdit,
  });

  return (
    <Tabs.Root value={filter} onValueChange={(value) => props.onFilterChange(value as TaskFilter)}>
      <Tabs.List aria-label="Filter tasks" className="mx-2 mb-1.5 flex rounded-lg bg-slate-200/60 p-0.5">
        <Tabs.Trigger value="active" className={tabClass}>
          Active
        </Tabs.Trigger>
        <Tabs.Trigger value="done" className={tabClass}>
          Done
        </Tabs.Trigger>
      </Tabs.List>
      {props.onFiltersChange && <TaskFilterBar filters={filters} onChange={props.onFiltersChange} />}
      <Tabs.Content value={filter} className="focus-visible:outline-none">
        {props.error ? (
          <p className="px-3 py-6 text-center text-sm text-red-600">{props.error}</p>
        ) : !tasks ? (
          <p className="flex justify-center py-6 text-slate-400" role="status">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            <span className="sr-only">{messages.loading}</span>
          </p>
        ) : shown.length === 0 && inTab.length > 0 ? (
          <EmptyPane text={messages.labels.noMatchingTasks} />
        ) : shown.length === 0 ? (
          <EmptyPane
            text={filter === 'active' ? messages.todos.noActiveTasks : messages.todos.noCompletedTasks}
          />
        ) : (
          <SortableContext items={shown.map((t) => `task:${t.id}`)} strategy={verticalListSortingStrategy}>
            <ul className="space-y-0.5" aria-label={`Tasks of ${props.categoryTitle}`} onKeyDown={onKeyDown}>
              {shown.map((task) => (
                <TaskItem
                  key={task.id}
                  task={task}
                  today={today}
                  selected={props.selectedTaskId === task.id}
                  readOnly={props.readOnly}
                  onOpen={() => props.onOpen(task)}
                  onToggle={(completed) => props.onToggle(task, completed)}
                  onDelete={() => props.onDelete(task)}
                  onMoveTo={props.onMoveTo && (() => props.onMoveTo?.(task))}
                />
              ))}
            </ul>
          </SortableContext>
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}
