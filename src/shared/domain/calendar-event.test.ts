import { describe, expect, it } from 'vitest';
import { buildCalendarEvent } from './calendar-event.ts';
import type { IcsTask } from './ics.ts';
import { dayInTimeZone, isValidTimeZone } from './time-zone.ts';

const task: IcsTask = {
  id: '0d9c1c5e-8d1b-4a43-9c56-6d0b7f1d2a10',
  text: 'Plan the Q4 review',
  completed: false,
  dueDate: '2025-11-05',
  priority: 'high',
  estimatedTime: 90,
};
const options = {
  appUrl: 'https://jotlist.test',
  todoId: 'todo-1',
  categoryId: 'cat-1',
  timeZone: 'Europe/Paris',
  now: new Date('2025-11-01T12:00:00Z'),
  uid: 'jlabc123',
};

describe('buildCalendarEvent', () => {
  it('starts 09:00 on the due date in the user zone and lasts the estimate', () => {
    const event = buildCalendarEvent(task, [], options);
    expect(event.start).toEqual({ dateTime: '2025-11-05T09:00:00', timeZone: 'Europe/Paris' });
    expect(event.end).toEqual({ dateTime: '2025-11-05T10:30:00', timeZone: 'Europe/Paris' });
    expect(event.summary).toBe('Plan the Q4 review');
    expect(event.uid).toBe('jlabc123');
  });

  it('uses today in the user zone and 60 minutes without a due date or estimate', () => {
    // 23:30 UTC on Nov 1 is already Nov 2 in Tokyo and still Nov 1 in Los Angeles.
    const now = new Date('2025-11-01T23:30:00Z');
    const bare = { ...task, dueDate: null, estimatedTime: null };
    expect(buildCalendarEvent(bare, [], { ...options, now, timeZone: 'Asia/Tokyo' }).start.dateTime).toBe(
      '2025-11-02T09:00:00',
    );
    const la = buildCalendarEvent(bare, [], { ...options, now, timeZone: 'America/Los_Angeles' });
    expect(la.start.dateTime).toBe('2025-11-01T09:00:00');
    expect(la.end.dateTime).toBe('2025-11-01T10:00:00');
  });

  it('keeps wall-clock times over a DST change and past midnight', () => {
    // Europe/Paris leaves summer time on 2025-10-26: 09:00 stays 09:00.
    const event = buildCalendarEvent({ ...task, dueDate: '2025-10-26', estimatedTime: 16 * 60 }, [], options);
    expect(event.start.dateTime).toBe('2025-10-26T09:00:00');
    expect(event.end.dateTime).toBe('2025-10-27T01:00:00');
  });

  it('describes priority, subtasks and the deep link like the .ics file; Untitled event when blank', () => {
    const event = buildCalendarEvent({ ...task, text: '  ' }, [{ text: 'Draft', completed: true }], options);
    expect(event.summary).toBe('Untitled event');
    expect(event.description.split('\n')).toEqual([
      'Priority: high',
      '',
      'Subtasks:',
      '[x] Draft',
      '',
      `Open task: https://jotlist.test/app?todo=todo-1&category=cat-1&item=${task.id}`,
    ]);
    expect(event.url).toBe(`https://jotlist.test/app?todo=todo-1&category=cat-1&item=${task.id}`);
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(buildCalendarEvent(task, [], { ...options, timeZone: 'Mars/Olympus' }).start.timeZone).toBe('UTC');
    expect(dayInTimeZone(new Date('2025-01-01T00:30:00Z'), 'UTC')).toBe('2025-01-01');
  });
});
