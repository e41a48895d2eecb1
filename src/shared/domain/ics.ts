import { createEvent, type EventAttributes } from 'ics';
import { messages } from '../messages.ts';
import { minutesOfDueTime, timedEventMinutes, zonedDueInstant } from './due-time.ts';
import { type TaskEventLink, taskEventUid, uidCalendarOf } from './event-uid.ts';
import { refoldIcs } from './ics-lines.ts';
import { recurrenceLines } from './ics-recurrence.ts';
import { parseRule, type RepeatSetting } from './repeat-rule.ts';
import { dayNumberOfDate, localDateString, type Priority } from './task-display.ts';
import { isValidTimeZone } from './time-zone.ts';

/**
 * A task as an iCalendar file (docs/PRODUCT.md §9 "Calendar output"), built with the `ics` package. Runs in the
 * browser: "today" and 09:00 are the user's local time, written out as UTC. A task with a due time starts
 * then in the account's zone (written out as UTC too) and lasts its estimate or half an hour.
 */

export interface IcsTask {
  id: string;
  text: string;
  completed: boolean;
  dueDate: string | null;
  /** `HH:MM` on the due date in the account's zone; null or absent = no time of day. */
  dueTime?: string | null;
  priority: Priority;
  estimatedTime: number | null;
  /** How it repeats: the file holds the series from the current due date. */
  repeat?: RepeatSetting | null;
}

export interface IcsSubtask {
  text: string;
  completed: boolean;
}

export interface IcsOptions {
  /** The app's origin, e.g. `https://jotlist.example`; the deep link is `<appUrl>/app?todo=…`. */
  appUrl: string;
  todoId: string;
  categoryId: string;
  now: Date;
  /** The account's IANA zone that a due time is read in; absent or unknown: the runtime's local zone. */
  timeZone?: string | null;
  /** The calendars the task is synced to: on a CalDAV one, the download takes that event's UID. */
  events?: readonly TaskEventLink[];
}

export interface IcsFile {
  fileName: string;
  content: string;
}

export const defaultEventMinutes = 60;
export const eventStartHour = 9;
export const icsCalendarName = messages.todos.calendarName;
const maxSequence = 2_147_483_647;

/** RFC 5545 PRIORITY: 1 is the highest, 9 the lowest, 5 the middle. */
export const icsPriority: Record<Priority, number> = { urgent: 1, high: 3, medium: 5, low: 9 };

/** `<slug of the text, at most 50 characters>.ics`, or `task.ics` when the text has nothing to slug. */
export function icsFileName(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '-')
    .slice(0, 50);
  // A text of only symbols slugs to dashes: that names nothing, so it falls back like an empty one.
  return `${/[a-z0-9]/.test(slug) ? slug : 'task'}.ics`;
}

/** A deep link that opens the task in the workspace (docs/PRODUCT.md §2 deep links). */
export function taskDeepLink(appUrl: string, todoId: string, categoryId: string, taskId: string): string {
  const query = new URLSearchParams({ todo: todoId, category: categoryId, item: taskId });
  return `${appUrl.replace(/\/+$/, '')}/app?${query.toString()}`;
}

export function icsDescription(task: IcsTask, subtasks: readonly IcsSubtask[], deepLink: string): string {
  const lines = [`Priority: ${task.priority}`];
  if (subtasks.length > 0) {
    lines.push(
      '',
      'Subtasks:',
      ...subtasks.map((subtask) => `${subtask.completed ? '[x]' : '[ ]'} ${subtask.text}`),
    );
  }
  lines.push('', `Open task: ${deepLink}`);
  return lines.join('\n');
}

/** The start of a timed task's event: its wall-clock time in the account's zone, as a UTC instant. */
function timedStart(day: string, dueTime: string, timeZone: string | null | undefined) {
  const zone =
    timeZone && isValidTimeZone(timeZone) ? timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const at = zonedDueInstant(day, dueTime, zone);
  const start: [number, number, number, number, number] = [
    at.getUTCFullYear(),
    at.getUTCMonth() + 1,
    at.getUTCDate(),
    at.getUTCHours(),
    at.getUTCMinutes(),
  ];
  return { start, startInputType: 'utc', startOutputType: 'utc' } as const;
}

/**
 * The .ics file of one task. The UID is stable per task (shared/domain/event-uid.ts) and SEQUENCE grows
 * with time, so downloading it again updates the event already in a calendar instead of adding a second
 * one. Throws when the `ics` package refuses the event (the caller shows `Failed to create calendar file`).
 */
export function buildTaskIcs(task: IcsTask, subtasks: readonly IcsSubtask[], options: IcsOptions): IcsFile {
  const day =
    task.dueDate && dayNumberOfDate(task.dueDate) !== null ? task.dueDate : localDateString(options.now);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const timed = day === task.dueDate && task.dueTime && minutesOfDueTime(task.dueTime) !== null;
  const estimate = task.estimatedTime && task.estimatedTime > 0 ? task.estimatedTime : null;
  const minutes = estimate ?? (timed ? timedEventMinutes : defaultEventMinutes);
  const title = task.text.trim() || messages.todos.untitledEvent;
  const link = taskDeepLink(options.appUrl, options.todoId, options.categoryId, task.id);
  const stamp = options.now.getTime();

  const event: EventAttributes = {
    ...(timed
      ? timedStart(day, task.dueTime as string, options.timeZone)
      : {
          start: [year, month, date, eventStartHour, 0],
          startInputType: 'local',
          startOutputType: 'utc',
        }),
    duration: { hours: Math.floor(minutes / 60), minutes: minutes % 60 },
    title,
    description: icsDescription(task, subtasks, link),
    url: link,
    categories: [task.priority, 'task'],
    status: task.completed ? 'CONFIRMED' : 'TENTATIVE',
    busyStatus: 'BUSY',
    uid: taskEventUid(task.id, uidCalendarOf(options.events ?? [])),
    sequence: Math.min(maxSequence, Math.max(0, Math.floor(stamp / 1000))),
    lastModified: stamp,
    productId: 'jotlist/tasks',
    method: 'PUBLISH',
    calName: icsCalendarName,
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error(messages.todos.icsFailed);

  let content = value
    // The package has no PRIORITY or REFRESH-INTERVAL attribute: both go in as plain lines.
    .replace('BEGIN:VEVENT\r\n', `BEGIN:VEVENT\r\nPRIORITY:${icsPriority[task.priority]}\r\n`)
    .replace('X-PUBLISHED-TTL:PT1H\r\n', 'X-PUBLISHED-TTL:PT1H\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
  const series = seriesLines(task, options);
  if (series) content = content.replace(/DTSTART[^\r\n]*\r\n/, `${series.join('\r\n')}\r\n`);
  // The package folds at 75 characters, not octets: a line of accented letters or emoji came out
  // longer than RFC 5545 allows.
  return { fileName: icsFileName(task.text), content: refoldIcs(content) };
}

/**
 * A repeating task's DTSTART, RRULE (and no EXDATE: the download starts at the current occurrence, so
 * skipped ones are behind it), like the feed's. A rule with COUNT counts from the series' first day, which
 * the download does not know: it stays a single event, as does an after-completion rule.
 */
function seriesLines(task: IcsTask, options: IcsOptions): string[] | null {
  if (!task.repeat || !task.dueDate || parseRule(task.repeat.rule)?.count !== undefined) return null;
  const zone =
    options.timeZone && isValidTimeZone(options.timeZone)
      ? options.timeZone
      : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const repeat = { ...task.repeat, start: task.dueDate, skipped: [] };
  return recurrenceLines(repeat, task.dueTime ?? null, zone, eventStartHour);
}
