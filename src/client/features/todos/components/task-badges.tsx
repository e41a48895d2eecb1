import { CalendarDays, Clock, Flag, Repeat } from 'lucide-react';
import { describeRule } from '../../../../shared/domain/repeat-text.ts';
import {
  type DueBadge,
  dueBadge,
  formatEstimate,
  type Priority,
  type ProgressBand,
  priorityLabels,
  progress,
  progressBand,
} from '../../../../shared/domain/task-display.ts';
import { messages } from '../../../../shared/messages.ts';
import type { TaskListItem } from '../../../../shared/schemas/task.ts';
import { useAccountTimeZone } from '../../auth/index.ts';

/** The small facts a task shows in lists and in the panel (docs/PRODUCT.md §9), each with its colour. */

const dueStyle: Record<DueBadge['kind'], string> = {
  overdue: 'bg-red-50 text-red-700 ring-red-200',
  today: 'bg-amber-50 text-amber-800 ring-amber-200',
  tomorrow: 'bg-blue-50 text-blue-700 ring-blue-200',
  days: 'bg-slate-50 text-slate-700 ring-slate-200',
  date: 'bg-slate-50 text-slate-600 ring-slate-200',
};

interface DueDateBadgeProps {
  dueDate: string | null;
  /** `HH:MM` in the account's zone; null = all day. */
  dueTime?: string | null;
  today: Date;
}

export function DueDateBadge({ dueDate, dueTime = null, today }: DueDateBadgeProps) {
  const timeZone = useAccountTimeZone();
  const badge = dueBadge(dueDate, today, { dueTime, timeZone });
  if (!badge) return null;
  return (
    <span
      data-kind={badge.kind}
      title={dueTime ? `Due ${dueDate} ${dueTime}` : `Due ${dueDate}`}
      className={`inline-flex items-center gap-1 rounded px-1.5 py-px text-xs font-medium ring-1 ring-inset ${dueStyle[badge.kind]}`}
    >
      <CalendarDays className="h-3 w-3" aria-hidden="true" />
      <span className="sr-only">Due </span>
      {badge.label}
    </span>
  );
}

export function EstimateBadge({ minutes }: { minutes: number | null }) {
  const text = formatEstimate(minutes);
  if (!text) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-slate-600" title="Estimated time">
      <Clock className="h-3 w-3" aria-hidden="true" />
      <span className="sr-only">Estimated </span>
      {text}
    </span>
  );
}

export const priorityStyle: Record<Priority, { text: string; dot: string; active: string }> = {
  low: { text: 'text-slate-600', dot: 'text-slate-500', active: 'bg-slate-600 text-white ring-slate-600' },
  medium: { text: 'text-blue-700', dot: 'text-blue-500', active: 'bg-blue-600 text-white ring-blue-600' },
  high: {
    text: 'text-orange-800',
    dot: 'text-orange-500',
    active: 'bg-orange-700 text-white ring-orange-700',
  },
  urgent: { text: 'text-red-700', dot: 'text-red-500', active: 'bg-red-600 text-white ring-red-600' },
};

export function PriorityBadge({ priority }: { priority: Priority }) {
  const style = priorityStyle[priority];
  return (
    <span className={`inline-flex items-center gap-1 text-xs font-medium ${style.text}`}>
      <Flag className={`h-3 w-3 ${style.dot}`} aria-hidden="true" />
      <span className="sr-only">Priority </span>
      {priorityLabels[priority]}
    </span>
  );
}

/**
 * docs/PRODUCT.md §9 colour bands: red from 0 %, orange from 25 %, yellow from 50 %, green from 75 %. The text
 * shades are the darkest that read at 4.5:1 on a selected row (12 px text; axe, docs/PRODUCT.md §10.8).
 */
export const bandStyle: Record<ProgressBand, { bar: string; text: string }> = {
  0: { bar: 'bg-red-500', text: 'text-red-700' },
  25: { bar: 'bg-orange-500', text: 'text-orange-800' },
  50: { bar: 'bg-yellow-400', text: 'text-yellow-800' },
  75: { bar: 'bg-green-500', text: 'text-green-800' },
};

export function ProgressBadge({ completed, total }: { completed: number; total: number }) {
  if (total <= 0) return null;
  const percent = progress(completed, total);
  const band = progressBand(percent);
  return (
    <span
      className="inline-flex items-center gap-1.5"
      data-band={band}
      title={`${completed} of ${total} subtasks done`}
    >
      <span className="h-1.5 w-10 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <span
          className={`block h-full rounded-full ${bandStyle[band].bar}`}
          style={{ width: `${percent}%` }}
        />
      </span>
      <span className={`text-xs font-semibold tabular-nums ${bandStyle[band].text}`}>
        <span className="sr-only">Progress </span>
        {percent}%
      </span>
    </span>
  );
}

/** A repeating task's icon; its accessible name is the rule in words (`Repeats every Monday`). */
export function RepeatBadge({ repeat }: { repeat: TaskListItem['repeat'] }) {
  const sentence = repeat ? describeRule(repeat.rule, repeat.mode) : null;
  if (!sentence) return null;
  const name = messages.repeat.repeats(sentence);
  return (
    <span role="img" aria-label={name} title={name} className="inline-flex items-center text-violet-700">
      <Repeat className="h-3.5 w-3.5" aria-hidden="true" />
    </span>
  );
}
