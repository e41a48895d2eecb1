import { ListFilter } from 'lucide-react';
import { useState } from 'react';
import { type Priority, priorities, priorityLabels } from '../../../../shared/domain/task-display.ts';
import { messages } from '../../../../shared/messages.ts';
import type { TaskListItem } from '../../../../shared/schemas/task.ts';
import { useLabels } from '../hooks/use-labels.ts';

const m = messages.labels;

export interface TaskFilters {
  labelId: string | null;
  priority: Priority | null;
}

export const noFilters: TaskFilters = { labelId: null, priority: null };

/**
 * Filtering happens here, on the list already loaded whole (GET /api/categories/:id/tasks): the rows
 * the filter hides stay in the cache the optimistic edits and Undo keep current, and changing a filter
 * costs no request. The endpoint's labelId/priority parameters serve other API clients.
 */
export const matchesFilters = (task: TaskListItem, filters: TaskFilters) =>
  (filters.labelId === null || task.labelIds.includes(filters.labelId)) &&
  (filters.priority === null || task.priority === filters.priority);

const selectClass =
  'min-w-0 flex-1 rounded-md border border-slate-200 bg-white px-1.5 py-0.5 text-xs text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600';

/** The category list's filter row: by label and by priority, and Clear filters (which also closes it). */
export function TaskFilterBar({
  filters,
  onChange,
}: {
  filters: TaskFilters;
  onChange(next: TaskFilters): void;
}) {
  const active = filters.labelId !== null || filters.priority !== null;
  const [open, setOpen] = useState(false);
  // Closed, it is one small button: most lists are short and never filtered.
  if (!open && !active) {
    return (
      <div className="mx-2 mb-1 flex justify-end">
        <button
          type="button"
          aria-expanded={false}
          onClick={() => setOpen(true)}
          className="flex items-center gap-1 rounded px-1 text-xs text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <ListFilter className="h-3.5 w-3.5" aria-hidden="true" />
          {m.filters}
        </button>
      </div>
    );
  }
  return <FilterFields filters={filters} onChange={onChange} onClose={() => setOpen(false)} />;
}

interface FilterFieldsProps {
  filters: TaskFilters;
  onChange(next: TaskFilters): void;
  onClose(): void;
}

function FilterFields({ filters, onChange, onClose }: FilterFieldsProps) {
  const labels = useLabels().data ?? [];
  return (
    <fieldset className="mx-2 mb-1.5 flex items-center gap-1.5">
      <legend className="sr-only">{m.filters}</legend>
      <label className="sr-only" htmlFor="task-filter-label">
        {m.filterByLabel}
      </label>
      <select
        id="task-filter-label"
        value={filters.labelId ?? ''}
        onChange={(event) => onChange({ ...filters, labelId: event.target.value || null })}
        className={selectClass}
      >
        <option value="">{m.anyLabel}</option>
        {labels.map((label) => (
          <option key={label.id} value={label.id}>
            {label.name}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor="task-filter-priority">
        {m.filterByPriority}
      </label>
      <select
        id="task-filter-priority"
        value={filters.priority ?? ''}
        onChange={(event) =>
          onChange({ ...filters, priority: (event.target.value || null) as Priority | null })
        }
        className={selectClass}
      >
        <option value="">{m.anyPriority}</option>
        {priorities.map((priority) => (
          <option key={priority} value={priority}>
            {priorityLabels[priority]}
          </option>
        ))}
      </select>
      {
        <button
          type="button"
          onClick={() => {
            onChange(noFilters);
            onClose();
          }}
          className="shrink-0 rounded px-1 text-xs font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {m.clearFilters}
        </button>
      }
    </fieldset>
  );
}
