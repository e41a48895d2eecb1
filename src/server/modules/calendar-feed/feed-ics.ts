import {
  defaultEventMinutes,
  eventStartHour,
  type IcsSubtask,
  icsCalendarName,
  icsDescription,
  icsPriority,
  taskDeepLink,
} from '../../../shared/domain/ics.ts';
import { type Priority, priorities } from '../../../shared/domain/task-display.ts';
import { messages } from '../../../shared/messages.ts';

/**
 * The whole feed as one iCalendar body, with the same event rules as the per-task download
 * (src/shared/domain/ics.ts): 09:00 on the due date, the estimate or 60 minutes, the same description,
 * deep link, priority and UID (`<task id>@jotlist`), the same properties in the same order as the `ics`
 * package writes them. Written here rather than through that package: it validates every event with a
 * schema library, about 0.45 ms an event, so 1,000 tasks took ~450 ms against a 50 ms target; this writer
 * takes a few ms (`npm run bench -- calendars`), and feed-ics.test.ts checks that ical.js reads the two
 * outputs the same. Differences, on purpose: the server does not know the subscriber's time zone, so
 * 09:00 is a floating local time (every calendar shows 09:00 wherever it is); DTSTAMP, LAST-MODIFIED and
 * SEQUENCE come from the task's updated_at, so an unchanged account gives a byte-identical body (stable
 * ETag) and a changed task a higher SEQUENCE.
 */

export interface FeedTask {
  id: string;
  todo_id: string;
  category_id: string;
  text: string;
  completed: number;
  due_date: string | null;
  priority: string;
  estimated_time: number | null;
  updated_at: string;
}

const maxSequence = 2_147_483_647;

const priorityOf = (value: string): Priority =>
  (priorities as readonly string[]).includes(value) ? (value as Priority) : 'medium';

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon, comma and line breaks are escaped. */
export const escapeText = (value: string) =>
  value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n');

/** UTF-8 length of one code point, without encoding it (this runs for every character of the feed). */
const octetsOf = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/** RFC 5545 §3.1: lines longer than 75 octets continue on lines starting with a space; never inside a character. */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  let index = 0;
  while (index < line.length) {
    const codePoint = line.codePointAt(index) ?? 0;
    const size = octetsOf(codePoint);
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(line.slice(start, index));
      start = index;
      octets = 0;
    }
    octets += size;
    index += codePoint > 0xffff ? 2 : 1;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

const pad = (value: number) => String(value).padStart(2, '0');
/** UTC date-time: 20300314T090000Z. */
const utcStamp = (date: Date) =>
  `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;

function feedEvent(task: FeedTask, subtasks: readonly IcsSubtask[], appUrl: string): string {
  const minutes = task.estimated_time && task.estimated_time > 0 ? task.estimated_time : defaultEventMinutes;
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
    `UID:${escapeText(`${task.id}@jotlist`)}`,
    `SUMMARY:${escapeText(task.text.trim() || messages.todos.untitledEvent)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${(task.due_date ?? '').replaceAll('-', '')}T${pad(eventStartHour)}0000`,
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

/** Tasks must all have a due date (the repo selects only those). */
export function buildFeedIcs(
  tasks: readonly FeedTask[],
  subtasksOf: ReadonlyMap<string, IcsSubtask[]>,
  appUrl: string,
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
  for (const task of tasks) body += feedEvent(task, subtasksOf.get(task.id) ?? [], appUrl);
  return `${body}END:VCALENDAR\r\n`;
}
