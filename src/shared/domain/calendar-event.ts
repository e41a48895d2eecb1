import { messages } from '../messages.ts';
import { minutesOfDueTime, timedEventMinutes } from './due-time.ts';
import {
  defaultEventMinutes,
  eventStartHour,
  type IcsSubtask,
  type IcsTask,
  icsDescription,
  taskDeepLink,
} from './ics.ts';
import { recurrenceLines } from './ics-recurrence.ts';
import { parseRule, type RuleParts } from './repeat-rule.ts';
import { dayInTimeZone, isValidTimeZone } from './time-zone.ts';

/**
 * The event a synced task becomes on Google, Outlook or a CalDAV calendar (docs/PRODUCT.md §3, §7.2 and §9:
 * the calendar event and the calendar output): the same title, description (priority, subtasks as [x]/[ ] lines,
 * the `Open task` deep link) and times as the .ics download, with the times written as local wall-clock
 * times in the user's IANA time zone, as Google's and Graph's `{ dateTime, timeZone }` want them. The
 * end is wall-clock start + estimate, so an event never shifts by an hour on a DST night. A task with a due
 * time starts then, in the account's zone, and lasts its estimate or half an hour. A `fixed` repeating task
 * is its series, as in the private feed: it starts on the series' first day and carries the rule and the
 * skipped days; an after-completion task has no schedule a calendar could know, so it stays one event.
 */

export interface CalendarEventOptions {
  appUrl: string;
  todoId: string;
  categoryId: string;
  /** IANA zone, e.g. `Europe/Paris`; an unknown one falls back to UTC. */
  timeZone: string;
  /** The account's zone, the one a due time is wall-clock time in; absent or unknown: `timeZone`. */
  dueTimeZone?: string | null;
  /** "today" (for a task without a due date) is today in `timeZone` at this instant. */
  now: Date;
  /** Stable per (task, calendar): Google's client-chosen id, CalDAV's UID. */
  uid: string;
  /** A repeating task's first day (`repeat_start`) and skipped days; absent: no series. */
  series?: { start: string | null; skipped: readonly string[] } | null;
}

/** A series, in the forms the providers take: iCalendar lines (Google, CalDAV) and parts (Graph). */
export interface CalendarEventRecurrence {
  /** `RRULE:…`, then `EXDATE;TZID=<start's zone>:…` when occurrences were skipped. */
  lines: string[];
  rule: RuleParts;
  /** The skipped days, `YYYY-MM-DD`. */
  skipped: string[];
  /** The current occurrence's times: the single event of a provider that cannot carry this rule. */
  current: { start: CalendarEventTimes; end: CalendarEventTimes };
}

export interface CalendarEventTimes {
  dateTime: string;
  timeZone: string;
}

export interface CalendarEventData {
  uid: string;
  summary: string;
  description: string;
  start: CalendarEventTimes;
  end: CalendarEventTimes;
  completed: boolean;
  url: string;
  /** Null: a single event. */
  recurrence: CalendarEventRecurrence | null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm:ss` of a wall-clock time kept in a Date's UTC fields. */
const wallClock = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}:00`;

const validDay = (value: string | null) =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function buildCalendarEvent(
  task: IcsTask,
  subtasks: readonly IcsSubtask[],
  options: CalendarEventOptions,
): CalendarEventData {
  const dueMinutes = validDay(task.dueDate) && task.dueTime ? minutesOfDueTime(task.dueTime) : null;
  const eventZone = isValidTimeZone(options.timeZone) ? options.timeZone : 'UTC';
  const accountZone =
    options.dueTimeZone && isValidTimeZone(options.dueTimeZone) ? options.dueTimeZone : null;
  const timeZone = dueMinutes !== null && accountZone ? accountZone : eventZone;
  const rule = task.repeat?.mode === 'fixed' && validDay(task.dueDate) ? parseRule(task.repeat.rule) : null;
  const seriesStart = options.series?.start ?? task.dueDate;
  const series = rule && options.series && validDay(seriesStart) ? (seriesStart as string) : null;
  const day = validDay(task.dueDate) ? (task.dueDate as string) : dayInTimeZone(options.now, timeZone);
  const estimate = task.estimatedTime && task.estimatedTime > 0 ? task.estimatedTime : null;
  const minutes = estimate ?? (dueMinutes !== null ? timedEventMinutes : defaultEventMinutes);
  const startMinutes = dueMinutes ?? eventStartHour * 60;
  const timesOn = (on: string) => {
    const [year, month, date] = on.split('-').map(Number) as [number, number, number];
    // Wall-clock arithmetic in UTC fields: no zone offset or DST rule enters it.
    const start = new Date(Date.UTC(year, month - 1, date, 0, startMinutes, 0));
    const end = new Date(start.getTime() + minutes * 60_000);
    return { start: { dateTime: wallClock(start), timeZone }, end: { dateTime: wallClock(end), timeZone } };
  };
  const current = timesOn(day);
  const url = taskDeepLink(options.appUrl, options.todoId, options.categoryId, task.id);
  const skipped = options.series?.skipped.filter((skippedDay) => validDay(skippedDay)) ?? [];
  // Always zoned, all-day tasks too (at 09:00 in the calendar's zone): Google refuses a recurring event
  // without a time zone, and the series keeps its wall-clock time across DST changes.
  const lines =
    rule && series && task.repeat
      ? recurrenceLines(
          { rule: task.repeat.rule, mode: 'fixed', start: series, skipped },
          `${pad(Math.floor(startMinutes / 60))}:${pad(startMinutes % 60)}`,
          timeZone,
          eventStartHour,
        )
      : null;
  const recurrence =
    lines && rule && series
      ? { lines: lines.filter((line) => !line.startsWith('DTSTART')), rule, skipped, current }
      : null;
  return {
    uid: options.uid,
    summary: task.text.trim() || messages.todos.untitledEvent,
    description: icsDescription(task, subtasks, url),
    ...(recurrence && series ? timesOn(series) : current),
    completed: task.completed,
    url,
    recurrence,
  };
}
