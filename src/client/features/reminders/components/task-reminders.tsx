import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, X } from 'lucide-react';
import { useId, useState } from 'react';
import { describeRule, maxRemindersPerTask, type ReminderRule } from '../../../../shared/domain/reminders.ts';
import { messages } from '../../../../shared/messages.ts';
import type { Reminder } from '../../../../shared/schemas/reminder.ts';
import { reminderKeys, remindersApi } from '../api.ts';

const m = messages.reminders;
const units: Array<[minutes: number, label: string]> = [
  [1, 'minutes'],
  [60, 'hours'],
  [1440, 'days'],
];
const fieldClass =
  'rounded-lg border border-slate-200 bg-white px-2 py-1 text-sm text-slate-900 focus:border-blue-400 focus:ring-2 focus:ring-blue-100 focus:outline-none';

interface TaskLike {
  id: string;
  dueDate: string | null;
  dueTime: string | null;
  completed: boolean;
}

const ruleOf = (reminder: Reminder): ReminderRule =>
  reminder.kind === 'before' ? { kind: 'before', offsetMinutes: reminder.offsetMinutes } : { kind: 'atDue' };

const fireText = (reminder: Reminder) =>
  reminder.fireAt
    ? new Date(reminder.fireAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : '';

/** The task panel's reminders: listed with their fire time, added ("at due time", "N … before"), removed. */
export function TaskReminders({ task, readOnly }: { task: TaskLike; readOnly: boolean }) {
  const ids = useId();
  const queryClient = useQueryClient();
  // The due date and completion are in the key: the server moves the fire times when they change.
  const key = [...reminderKeys.task(task.id), task.dueDate, task.dueTime, task.completed];
  const list = useQuery({ queryKey: key, queryFn: () => remindersApi.list(task.id) });
  const save = useMutation({
    mutationFn: (rules: ReminderRule[]) => remindersApi.replace(task.id, rules),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
  const [kind, setKind] = useState<'atDue' | 'before'>('before');
  const [amount, setAmount] = useState('10');
  const [unit, setUnit] = useState(1);
  const reminders = list.data?.reminders ?? [];
  const timed = reminders.filter((reminder) => reminder.kind !== 'snooze');
  const rules = timed.map(ruleOf);

  const add = () => {
    const minutes = Math.trunc(Number(amount)) * unit;
    if (kind === 'before' && !(minutes > 0)) return;
    save.mutate([
      ...rules,
      kind === 'atDue' ? { kind: 'atDue' } : { kind: 'before', offsetMinutes: minutes },
    ]);
  };

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-xl border border-slate-200 bg-white px-4 py-3"
    >
      <h3 id={`${ids}-title`} className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-800">
        <Bell className="h-4 w-4 text-slate-400" aria-hidden="true" />
        {m.sectionTitle}
      </h3>
      {reminders.length === 0 ? <p className="text-sm text-slate-500">{m.noneYet}</p> : null}
      <ul className="space-y-1">
        {reminders.map((reminder) => {
          const label = reminder.kind === 'snooze' ? m.snoozed : describeRule(ruleOf(reminder));
          const index = timed.indexOf(reminder);
          return (
            <li key={reminder.id} className="flex items-center justify-between gap-2 text-sm text-slate-700">
              <span>
                {label}
                {reminder.fireAt ? (
                  <span className="ml-2 text-xs text-slate-500">{fireText(reminder)}</span>
                ) : null}
              </span>
              {!readOnly && index >= 0 ? (
                <button
                  type="button"
                  aria-label={m.remove(label)}
                  onClick={() => save.mutate(rules.filter((_, i) => i !== index))}
                  className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {!task.dueDate ? <p className="mt-2 text-xs text-slate-500">{m.needsDueDate}</p> : null}
      {!readOnly && task.dueDate && timed.length < maxRemindersPerTask ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={`${ids}-kind`}>
            {m.kind}
          </label>
          <select
            id={`${ids}-kind`}
            value={kind}
            onChange={(event) => setKind(event.target.value === 'atDue' ? 'atDue' : 'before')}
            className={fieldClass}
          >
            <option value="atDue">{m.atDue}</option>
            <option value="before">Before the due time</option>
          </select>
          {kind === 'before' ? (
            <>
              <label className="sr-only" htmlFor={`${ids}-amount`}>
                {m.amount}
              </label>
              <input
                id={`${ids}-amount`}
                type="number"
                min={1}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                className={`${fieldClass} w-20`}
              />
              <label className="sr-only" htmlFor={`${ids}-unit`}>
                {m.unit}
              </label>
              <select
                id={`${ids}-unit`}
                value={unit}
                onChange={(event) => setUnit(Number(event.target.value))}
                className={fieldClass}
              >
                {units.map(([minutes, label]) => (
                  <option key={minutes} value={minutes}>
                    {label} before
                  </option>
                ))}
              </select>
            </>
          ) : null}
          <button
            type="button"
            onClick={add}
            disabled={save.isPending}
            className="rounded-lg bg-slate-900 px-3 py-1 text-sm font-medium text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60"
          >
            {m.add}
          </button>
        </div>
      ) : null}
      {save.error ? (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {save.error.message}
        </p>
      ) : null}
    </section>
  );
}
