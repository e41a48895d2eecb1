import { minutesOfDueTime, wallClockIn } from './due-time.ts';

/**
 * How a task's facts read in a list (docs/PRODUCT.md §9): the due-date badge, the estimate as `Xh Ym`, and subtask
 * progress with its colour band. Pure functions of their inputs; the clock is always passed in.
 */

export const priorities = ['low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof priorities)[number];
export const defaultPriority: Priority = 'medium';
/** The priority buttons' words (docs/PRODUCT.md §2: Low, Medium, High, Urgent). */
export const priorityLabels: Record<Priority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** A due date as stored: a calendar day with no time or zone. */
export const dueDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Day numbers already worked out: a plan view asks for the same few dozen days thousands of times (every
 * repeating task's occurrences). Bounded by starting over, as the days asked for move slowly.
 */
const dayNumbers = new Map<string, number | null>();
const dayNumbersKept = 4_096;

/** The day number (days since 1970-01-01) of a `YYYY-MM-DD` string, or null when it is no real date. */
export function dayNumberOfDate(value: string): number | null {
  const known = dayNumbers.get(value);
  if (known !== undefined) return known;
  const number = computeDayNumber(value);
  if (dayNumbers.size >= dayNumbersKept) dayNumbers.clear();
  dayNumbers.set(value, number);
  return number;
}

function computeDayNumber(value: string): number | null {
  const parts = dueDatePattern.exec(value);
  if (!parts) return null;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  // Date.UTC rolls 2025-02-30 over into March; a real date survives the round trip unchanged.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return Math.round(time / 86_400_000);
}

export function isValidDueDate(value: string): boolean {
  return dayNumberOfDate(value) !== null;
}

/** The calendar day `now` falls on in the runtime's local time zone, as a day number. */
function localDayNumber(now: Date): number {
  return Math.round(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / 86_400_000);
}

/** `YYYY-MM-DD` of the local calendar day of `now` (what a date input and the .ics start use for "today"). */
export function localDateString(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `label` carries the due time after the words when there is one (`Today 17:00`); Overdue stands alone. */
export type DueBadge =
  | { kind: 'overdue'; label: 'Overdue' }
  | { kind: 'today'; label: string }
  | { kind: 'tomorrow'; label: string }
  | { kind: 'days'; label: string; days: number }
  | { kind: 'date'; label: string };

/** When the task is due within its day, and where "today" is. */
export interface DueAt {
  /** `HH:MM` on the due date; null or absent = all day. */
  dueTime?: string | null;
  /** The account's IANA zone; absent = the runtime's local zone (the browser's). */
  timeZone?: string | null;
}

let shortDate: Intl.DateTimeFormat | undefined;
/**
 * Made on first use, not as the module loads: the first formatter in a fresh Chromium tab loads the locale
 * data, ~70 ms that the workspace's first paint (which imports this module) does not need.
 */
const shortDateFormat = () => {
  shortDate ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return shortDate;
};

/** The day number and minute of `now` in `timeZone`, or in the runtime's local zone without one. */
function clockAt(now: Date, timeZone: string | null | undefined): { day: number; minutes: number } {
  if (!timeZone) return { day: localDayNumber(now), minutes: now.getHours() * 60 + now.getMinutes() };
  const wall = wallClockIn(now, timeZone);
  return { day: dayNumberOfDate(wall.day) ?? localDayNumber(now), minutes: wall.minutes };
}

/**
 * The due-date badge: `Overdue` before today, `Today`, `Tomorrow`, `2d`…`7d`, otherwise a short
 * month-day date such as `Nov 5`, each followed by the due time when the task has one (`Today 17:00`).
 * Days are compared as calendar days in the account's zone (the local one without it), so an all-day
 * task due today never reads Overdue late in the evening; a task due today at a time already past does.
 * Null when there is no (valid) due date.
 */
export function dueBadge(dueDate: string | null | undefined, today: Date, at: DueAt = {}): DueBadge | null {
  if (!dueDate) return null;
  const due = dayNumberOfDate(dueDate);
  if (due === null) return null;
  const clock = clockAt(today, at.timeZone);
  const dueMinutes = at.dueTime ? minutesOfDueTime(at.dueTime) : null;
  const days = due - clock.day;
  if (days < 0 || (days === 0 && dueMinutes !== null && dueMinutes <= clock.minutes)) {
    return { kind: 'overdue', label: 'Overdue' };
  }
  const timed = (words: string) => (dueMinutes !== null ? `${words} ${at.dueTime}` : words);
  if (days === 0) return { kind: 'today', label: timed('Today') };
  if (days === 1) return { kind: 'tomorrow', label: timed('Tomorrow') };
  if (days <= 7) return { kind: 'days', label: timed(`${days}d`), days };
  return { kind: 'date', label: timed(shortDateFormat().format(new Date(due * 86_400_000))) };
}

/** The largest estimate the API accepts: 9,999 h 59 m. */
export const estimateMaxMinutes = 9_999 * 60 + 59;

/** `Xh Ym` (docs/PRODUCT.md §9), e.g. `1h 30m`, `2h 0m`, `0h 45m`; null when there is no estimate. */
export function formatEstimate(minutes: number | null | undefined): string | null {
  if (minutes === null || minutes === undefined || minutes <= 0) return null;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** An estimate split back into the hours and minutes fields of the Task Details block. */
export function estimateParts(minutes: number | null | undefined): { hours: number; minutes: number } {
  if (!minutes || minutes <= 0) return { hours: 0, minutes: 0 };
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/**
 * docs/PRODUCT.md §5: hours a whole number ≥ 0, minutes 0–59; the total is hours × 60 + minutes, null when zero.
 * Throws a RangeError for anything else, so a form validates before it calls this.
 */
export function estimateFromParts(hours: number, minutes: number): number | null {
  if (!Number.isInteger(hours) || hours < 0)
    throw new RangeError('hours must be a whole number of at least 0');
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 59) {
    throw new RangeError('minutes must be a whole number from 0 to 59');
  }
  const total = hours * 60 + minutes;
  return total === 0 ? null : total;
}

/** Rounded completed / total as a percentage; 0 when there is nothing to complete. */
export function progress(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(completed, total) / total) * 100);
}

export type ProgressBand = 0 | 25 | 50 | 75;

/** The colour band a percentage falls in (docs/PRODUCT.md §9: bands at 0, 25, 50 and 75 %). */
export function progressBand(percent: number): ProgressBand {
  if (percent >= 75) return 75;
  if (percent >= 50) return 50;
  if (percent >= 25) return 25;
  return 0;
}

/** The contract's name for progressBand. */
export const band = progressBand;
