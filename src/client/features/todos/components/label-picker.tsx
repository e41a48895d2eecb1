import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { labelNameKey, labelNameMaxLength } from '../../../../shared/schemas/label-name.ts';
import { maxLabelsPerTask, type TaskDetail, type UpdateTaskBody } from '../../../../shared/schemas/task.ts';
import { useLabelMutations, useLabels } from '../hooks/use-labels.ts';
import { labelKeys } from '../labels-api.ts';
import { LabelChips } from './label-chips.tsx';

const m = messages.labels;

interface LabelPickerProps {
  task: TaskDetail;
  readOnly: boolean;
  onChange(patch: UpdateTaskBody): void;
}

/**
 * The task panel's Labels: the task's chips and a disclosure holding a search box and a checkbox per
 * label (plain form controls: Tab, Space and Enter work as everywhere). Typing a name no label has
 * offers to create it; Enter in the box picks the label named exactly so, or creates it.
 */
export function LabelPicker({ task, readOnly, onChange }: LabelPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const labels = useLabels().data ?? [];
  const { create } = useLabelMutations();
  const client = useQueryClient();
  const panelId = useId();
  const inputId = useId();

  // The sidebar's counts and a label's tasks follow once no write is in flight any more: by then the
  // server has the task's new labels (the edit itself is the workspace's, with no callback here).
  const writing = useIsMutating();
  const changed = useRef(false);
  useEffect(() => {
    if (writing > 0 || !changed.current) return;
    changed.current = false;
    void client.invalidateQueries({ queryKey: labelKeys.all });
    void client.invalidateQueries({ queryKey: labelKeys.allTasks });
  }, [client, writing]);
  const send = (labelIds: string[]) => {
    changed.current = true;
    onChange({ labelIds });
  };

  const chosen = new Set(task.labelIds);
  const full = task.labelIds.length >= maxLabelsPerTask;
  const name = query.trim();
  const exact = labels.find((label) => labelNameKey(label.name) === labelNameKey(name));
  const shown = name
    ? labels.filter((label) => label.name.toLowerCase().includes(name.toLowerCase()))
    : labels;

  const setLabel = (id: string, on: boolean) =>
    send(on ? [...task.labelIds, id] : task.labelIds.filter((labelId) => labelId !== id));

  const createAndAdd = () => {
    if (!name || full) return;
    setQuery('');
    // The label and the task naming it show at once, offline too: the outbox sends the task's edit after
    // the label's create (lib/outbox.ts). Refused: the label goes away and the name comes back.
    const label = create.mutate(name, { onError: () => setQuery((current) => current || name) });
    send([...task.labelIds, label.id]);
  };

  return (
    <section aria-labelledby={`${panelId}-heading`} className="rounded-xl border border-slate-200 bg-white">
      <h3 id={`${panelId}-heading`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between rounded-xl px-4 py-3 text-left text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {m.picker}
          <ChevronDown
            className={`h-4 w-4 text-slate-400 transition-transform ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
        </button>
      </h3>
      {task.labelIds.length > 0 && (
        <p className="flex flex-wrap gap-1 px-4 pb-3">
          <LabelChips labelIds={task.labelIds} />
        </p>
      )}
      {open && (
        <div id={panelId} className="space-y-2 border-t border-slate-100 px-4 py-3">
          <label htmlFor={inputId} className="block text-xs font-medium text-slate-600">
            {m.pickerSearch}
          </label>
          <input
            id={inputId}
            type="text"
            value={query}
            maxLength={labelNameMaxLength}
            disabled={readOnly}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || !name) return;
              event.preventDefault();
              if (exact) {
                if (!chosen.has(exact.id) && !full) setLabel(exact.id, true);
                setQuery('');
              } else {
                createAndAdd();
              }
            }}
            className="w-full rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus:border-blue-400 focus:ring-2 focus:ring-blue-100 focus:outline-none disabled:bg-slate-50"
          />
          <ul className="max-h-56 space-y-0.5 overflow-y-auto" aria-label={m.picker}>
            {shown.map((label) => (
              <li key={label.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm text-slate-700 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    checked={chosen.has(label.id)}
                    disabled={readOnly || (full && !chosen.has(label.id))}
                    onChange={(event) => setLabel(label.id, event.target.checked)}
                    className="h-4 w-4 rounded border-slate-300"
                  />
                  <span
                    className="h-2 w-2 shrink-0 rounded-full"
                    style={{ backgroundColor: label.color }}
                    aria-hidden="true"
                  />
                  <span className="truncate">{label.name}</span>
                </label>
              </li>
            ))}
          </ul>
          {name && !exact && (
            <button
              type="button"
              disabled={readOnly || full || create.isPending}
              onClick={createAndAdd}
              className="flex items-center gap-1 rounded px-1 py-0.5 text-sm font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50"
            >
              <Plus className="h-3.5 w-3.5" aria-hidden="true" />
              {m.createNamed(name)}
            </button>
          )}
          {full && <p className="text-xs text-slate-500">{m.tooManyOnTask}</p>}
        </div>
      )}
    </section>
  );
}
