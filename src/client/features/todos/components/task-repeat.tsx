import { History, Repeat, SkipForward } from 'lucide-react';
import { useId, useState } from 'react';
import { repeatPresets } from '../../../../shared/domain/repeat-presets.ts';
import { describeRule } from '../../../../shared/domain/repeat-text.ts';
import { messages } from '../../../../shared/messages.ts';
import type { TaskDetail, UpdateTaskBody } from '../../../../shared/schemas/task.ts';
import { useOccurrences, useRecurrence } from '../hooks/use-recurrence.ts';
import { RepeatCustomForm } from './repeat-custom-form.tsx';

const m = messages.repeat;

const selectClass =
  'w-full rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-xs focus:border-blue-400 focus:ring-2 focus:ring-blue-100 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500';
const buttonClass =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50';

interface TaskRepeatProps {
  task: TaskDetail;
  readOnly: boolean;
  onChange(patch: UpdateTaskBody): void;
}

/**
 * How the task repeats: presets made from its due date, or a custom rule; the rule in words, Skip this
 * occurrence, and the History of completed and skipped occurrences. A task without a due date cannot
 * repeat (the select waits for one).
 */
export function TaskRepeat({ task, readOnly, onChange }: TaskRepeatProps) {
  const ids = useId();
  const [customOpen, setCustomOpen] = useState(false);
  const recurrence = useRecurrence();
  const presets = task.dueDate ? repeatPresets(task.dueDate) : [];
  const current = task.repeat;
  const preset = current?.mode === 'fixed' ? presets.find((p) => p.rule === current.rule) : undefined;
  const value = !current ? 'none' : (preset?.key ?? 'custom');
  const sentence = current ? describeRule(current.rule, current.mode) : null;

  const choose = (key: string) => {
    if (key === 'custom') return setCustomOpen(true);
    setCustomOpen(false);
    const rule = presets.find((p) => p.key === key)?.rule;
    onChange({ repeat: rule ? { rule, mode: 'fixed' } : null });
  };

  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <label
        htmlFor={`${ids}-select`}
        className="mb-1 flex items-center gap-1.5 text-xs font-medium text-slate-600"
      >
        <Repeat className="h-3.5 w-3.5" aria-hidden="true" />
        {m.label}
      </label>
      <select
        id={`${ids}-select`}
        value={customOpen ? 'custom' : value}
        disabled={readOnly || !task.dueDate}
        aria-describedby={`${ids}-sentence`}
        onChange={(event) => choose(event.target.value)}
        className={selectClass}
      >
        <option value="none">{m.none}</option>
        {presets.map((p) => (
          <option key={p.key} value={p.key}>
            {p.label}
          </option>
        ))}
        <option value="custom">{m.custom}</option>
      </select>
      <p id={`${ids}-sentence`} className="mt-1 text-xs text-slate-600">
        {task.dueDate ? sentence && m.repeats(sentence) : m.needsDate}
      </p>
      {customOpen && task.dueDate && (
        <RepeatCustomForm
          initial={current}
          dueDate={task.dueDate}
          onApply={(repeat) => {
            setCustomOpen(false);
            onChange({ repeat });
          }}
          onCancel={() => setCustomOpen(false)}
        />
      )}
      {current && !task.completed && (
        <button
          type="button"
          disabled={readOnly || recurrence.isPending}
          onClick={() => recurrence.skip(task)}
          className={`${buttonClass} mt-2`}
        >
          <SkipForward className="h-3.5 w-3.5" aria-hidden="true" />
          {m.skip}
        </button>
      )}
      {current && <OccurrenceHistory taskId={task.id} />}
    </div>
  );
}

function OccurrenceHistory({ taskId }: { taskId: string }) {
  const [open, setOpen] = useState(false);
  const query = useOccurrences(taskId, open);
  const occurrences = query.data?.occurrences ?? [];
  return (
    <details className="mt-2" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="flex cursor-pointer items-center gap-1.5 text-xs font-medium text-slate-600">
        <History className="h-3.5 w-3.5" aria-hidden="true" />
        {m.history}
      </summary>
      {open && query.isSuccess && occurrences.length === 0 && (
        <p className="mt-1 text-xs text-slate-500">{m.noHistory}</p>
      )}
      <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
        {occurrences.map((o) => {
          const when = o.time ? `${o.date} ${o.time}` : o.date;
          return <li key={o.id}>{o.action === 'completed' ? m.completedOn(when) : m.skippedOn(when)}</li>;
        })}
      </ul>
    </details>
  );
}
