import { minutesOfDueTime, timedEventMinutes, zonedDueInstant } from '../../../shared/domain/due-time.ts';
import { taskEventUid } from '../../../shared/domain/event-uid.ts';
import {
  defaultEventMinutes,
  eventStartHour,
  type IcsSubtask,
  icsCalendarName,
  icsDescription,
  icsPriority,
  taskDeepLink,
} from '../../../shared/domain/ics.ts';
import { foldLine } from '../../../shared/domain/ics-lines.ts';
import { recurrenceLines } from '../../../shared/domain/ics-recurrence.ts';
import type { RepeatMode } from '../../../shared/domain/repeat-rule.ts';
import { type Priority, priorities } from '../../../shared/domain/task-display.ts';
import { messages } from '../../../shared/messages.ts';

/**
 * The whole feed as one iCalendar body, with the same event rules as the per-task download
 * (src/shared/domain/ics.ts): 09:00 on the due date, the estimate or 60 minutes, the same description,
 * deep link, priority and UID (shared/domain/event-uid.ts), the same properties in the same order as the `ics`
 * package writes them. Written here rather than through that package: it validates every event with a
 * schema library, about 0.45 ms an event, so 1,000 tasks took ~450 ms against a 50 ms target; this writer
 * takes a few ms (`npm run bench -- calendars`), and feed-ics.test.ts checks that ical.js reads the two
 * outputs the same. Differences, on purpose: the server does not know the subscriber's time zone, so
 * 09:00 is a floating local time (every calendar shows 09:00 wherever it is); DTSTAMP, LAST-MODIFIED and
 * SEQUENCE come from the task's updated_at, so an unchanged account gives a byte-identical body (stable
 * ETag) and a changed task a higher SEQUENCE. A task with a due time is the exception to floating: its time
 * is wall-clock time in the account's zone, so its DTSTART is that instant in UTC, and it lasts its
 * estimate or half an hour.
 */

export interface FeedTask {
  id: string;
  todo_id: string;
  category_id: string;
  text: string;
  completed: number;
  due_date: string | null;
  /** `HH:MM` in the account's zone; null or absent = 09:00 floating. */
  due_time?: string | null;
  priority: string;
  estimated_time: number | null;
  updated_at: string;
  /** A repeating task is its series: from repeat_start, skipped days left out. */
  repeat_rule?: string | null;
  repeat_mode?: string | null;
  repeat_start?: string | null;
}

/** DTSTART, or a repeating task's DTSTART, RRULE and EXDATE (in the zone when it has a time). */
function startLines(
  task: FeedTask,
  start: string,
  timed: boolean,
  timeZone: string,
  skipped: readonly string[],
) {
  const single = [`DTSTART:${start}`];
  if (!task.repeat_rule || !task.due_date) return single;
  const repeat = {
    rule: task.repeat_rule,
    mode: (task.repeat_mode ?? 'fixed') as RepeatMode,
    start: task.repeat_start ?? task.due_date,
    skipped,
  };
  return recurrenceLines(repeat, timed ? (task.due_time ?? null) : null, timeZone, eventStartHour) ?? single;
}

const maxSequence = 2_147_483_647;

const priorityOf = (value: string): Priority =>
  (priorities as readonly string[]).includes(value) ? (value as Priority) : 'medium';

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon, comma and line breaks are escaped. */
export const escapeText = (value: string) =>
  value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n');

const pad = (value: number) => String(value).padStart(2, '0');
/** UTC date-time: 20300314T090000Z. */
const utcStamp = (date: Date) =>
  `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;

/** DTSTART: 09:00 floating on the due date, or the due time in the account's zone as UTC. */
function feedStart(task: FeedTask, timeZone: string): { start: string; timed: boolean } {
  const day = task.due_date ?? '';
  if (task.due_time && minutesOfDueTime(task.due_time) !== null) {
    return { start: utcStamp(zonedDueInstant(day, task.due_time, timeZone)), timed: true };
  }
  return { start: `${day.replaceAll('-', '')}T${pad(eventStartHour)}0000`, timed: false };
}

function feedEvent(
  task: FeedTask,
  subtasks: readonly IcsSubtask[],
  appUrl: string,
  uid: string,
  timeZone: string,
  skipped: readonly string[] = [],
): string {
  const { start, timed } = feedStart(task, timeZone);
  const estimate = task.estimated_time && task.estimated_time > 0 ? task.estimated_time : null;
  const minutes = estimate ?? (timed ? timedEventMinutes : defaultEventMinutes);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const priority = priorityOf(task.priority);
  const completed = task.completed === 1;
  const link = taskDeepLink(appUrl, task.todo_id, task.category_id, task.id);
  const updated = new Date(task.updated_at);
  const stamp = utcStamp(updated);
  const description = icsDescription(
    {
      id: task.id,
      text: task.text,
      completed,
      dueDate: task.due_date,
      priority,
      estimatedTime: task.estimated_time,
    },
    subtasks,
    link,
  );
  const lines = [
    'BEGIN:VEVENT',
    `PRIORITY:${icsPriority[priority]}`,
    `UID:${escapeText(uid)}`,
    `SUMMARY:${escapeText(task.text.trim() || messages.todos.untitledEvent)}`,
    `DTSTAMP:${stamp}`,
    ...startLines(task, start, timed, timeZone, skipped),
    `SEQUENCE:${Math.min(maxSequence, Math.max(0, Math.floor(updated.getTime() / 1000)))}`,
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${link}`,
    `STATUS:${completed ? 'CONFIRMED' : 'TENTATIVE'}`,
    `CATEGORIES:${[priority, 'task'].map(escapeText).join(',')}`,
    'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
    `LAST-MODIFIED:${stamp}`,
    `DURATION:PT${hours > 0 ? `${hours}H` : ''}${rest > 0 ? `${rest}M` : ''}`,
    'END:VEVENT',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/**
 * Tasks must all have a due date (the repo selects only those). `uidCalendars` names, per task id, the
 * CalDAV calendar whose event UID the task's event takes (none: the task's own UID).
 */
export function buildFeedIcs(
  tasks: readonly FeedTask[],
  subtasksOf: ReadonlyMap<string, IcsSubtask[]>,
  appUrl: string,
  uidCalendars: ReadonlyMap<string, string> = new Map(),
  /** The account's IANA zone, that due times are wall-clock times in. */
  timeZone = 'UTC',
  /** Per repeating task, the days of its skipped occurrences. */
  skippedOf: ReadonlyMap<string, string[]> = new Map(),
): string {
  const header = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'PRODID:jotlist/tasks',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(icsCalendarName)}`,
    'X-PUBLISHED-TTL:PT1H',
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
  ];
  let body = `${header.map(foldLine).join('\r\n')}\r\n`;
  for (const task of tasks) {
    const uid = taskEventUid(task.id, uidCalendars.get(task.id) ?? null);
    body += feedEvent(task, subtasksOf.get(task.id) ?? [], appUrl, uid, timeZone, skippedOf.get(task.id));
  }
  return `${body}END:VCALENDAR\r\n`;
}
