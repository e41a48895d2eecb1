import ICAL from 'ical.js';
import { createEvents } from 'ics';
import { describe, expect, it } from 'vitest';
import { icsPriority } from '../../../shared/domain/ics.ts';
import { buildFeedIcs, type FeedTask } from './feed-ics.ts';

const appUrl = 'https://jotlist.test';
const task = (id: string, text: string, extra: Partial<FeedTask> = {}): FeedTask => ({
  id,
  todo_id: 'todo-1',
  category_id: 'cat-1',
  text,
  completed: 0,
  due_date: '2030-03-14',
  priority: 'high',
  estimated_time: 45,
  updated_at: '2030-01-02T03:04:05.000Z',
  ...extra,
});

const tasks = [
  task('t1', 'Plain'),
  task('t2', 'Commas, semicolons; and a back\\slash', {
    estimated_time: 150,
    completed: 1,
    priority: 'urgent',
  }),
  task('t3', `Long ${'ünïcødé 日本語 😀 '.repeat(12)}`, { estimated_time: null, priority: 'low' }),
];
const subtasks = new Map([['t2', [{ text: 'Line one,\nline two', completed: true }]]]);

function read(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      url: vevent.getFirstPropertyValue('url'),
      status: vevent.getFirstPropertyValue('status'),
      categories: vevent.getFirstProperty('categories')?.getValues(),
      sequence: event.sequence,
    };
  });
}

describe('the feed body', () => {
  const body = buildFeedIcs(tasks, subtasks, appUrl);

  it('reads in ical.js exactly like the `ics` package output of the same events', () => {
    const ours = read(body);
    // The same events through the package (its validation is what made it too slow for a whole feed).
    const { error, value } = createEvents(
      ours.map((event, i) => {
        const source = tasks[i] as FeedTask;
        const minutes = source.estimated_time ?? 60;
        return {
          start: [2030, 3, 14, 9, 0],
          startInputType: 'local',
          startOutputType: 'local',
          duration: { hours: Math.floor(minutes / 60), minutes: minutes % 60 },
          title: event.summary,
          description: event.description,
          url: String(event.url),
          uid: event.uid,
          status: source.completed ? 'CONFIRMED' : 'TENTATIVE',
          categories: [source.priority, 'task'],
          sequence: event.sequence,
        };
      }),
      { calName: 'Task Calendar' },
    );
    expect(error).toBeNull();
    expect(read(value as string)).toEqual(ours);
    expect(ours.map((event) => event.summary)).toEqual(tasks.map((t) => t.text.trim()));
    expect(ours[1]?.end).toBe('2030-03-14T11:30:00');
    expect(ours[2]?.end).toBe('2030-03-14T10:00:00');
    expect(ours[1]?.description).toContain('[x] Line one,\nline two');
    expect(ours[0]?.url).toBe('https://jotlist.test/app?todo=todo-1&category=cat-1&item=t1');
  });

  it('folds every line at 75 octets without splitting a character, and ends lines with CRLF', () => {
    const lines = body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(body).not.toContain('\uFFFD');
    expect(body).toContain(`PRIORITY:${icsPriority.urgent}\r\n`);
    expect(body).toContain('DTSTAMP:20300102T030405Z\r\n');
  });

  it('is the same bytes for the same tasks (a stable ETag)', () => {
    expect(buildFeedIcs(tasks, subtasks, appUrl)).toBe(body);
    expect(buildFeedIcs([], new Map(), appUrl)).toContain('X-WR-CALNAME:Task Calendar');
  });
});

describe('a task with a due time in the feed', () => {
  const timed = [
    task('t4', 'Pay rent', { due_date: '2030-03-14', due_time: '17:00', estimated_time: null }),
    task('t5', 'Standup', { due_date: '2030-03-15', due_time: '09:30', estimated_time: 15 }),
    task('t6', 'All day', { due_date: '2030-03-16', due_time: null, estimated_time: null }),
  ];

  it("starts at the due time in the account's zone, as UTC, lasting the estimate or 30 minutes", () => {
    const body = buildFeedIcs(timed, new Map(), appUrl, new Map(), 'America/New_York');
    // New York is on summer time (UTC-4) from 10 March 2030.
    expect(body).toContain('DTSTART:20300314T210000Z\r\n');
    expect(body).toContain('DTSTART:20300315T133000Z\r\n');
    const events = read(body);
    expect(events.map((event) => event.start)).toEqual([
      '2030-03-14T21:00:00Z',
      '2030-03-15T13:30:00Z',
      '2030-03-16T09:00:00',
    ]);
    const durations = body.split('\r\n').filter((line) => line.startsWith('DURATION:'));
    expect(durations).toEqual(['DURATION:PT30M', 'DURATION:PT15M', 'DURATION:PT1H']);
  });
});
