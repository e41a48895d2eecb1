import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendarEvent } from './calendar-event.ts';
import { zonedDueInstant } from './due-time.ts';
import { buildTaskIcs, type IcsTask } from './ics.ts';

/** A task with a due time becomes a timed event in the .ics download and on a synced calendar. */

const task: IcsTask = {
  id: '0d9c1c5e-8d1b-4a43-9c56-6d0b7f1d2a10',
  text: 'Pay rent',
  completed: false,
  dueDate: '2026-11-28',
  dueTime: '17:00',
  priority: 'high',
  estimatedTime: null,
};
const base = { appUrl: 'https://jotlist.test', todoId: 'todo-1', categoryId: 'cat-1', now: new Date() };

function eventOf(content: string) {
  const vevent = new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { vevent, event: new ICAL.Event(vevent) };
}

describe('zonedDueInstant', () => {
  it.each([
    ['2026-11-28', '17:00', 'America/New_York', '2026-11-28T22:00:00.000Z'],
    ['2026-11-28', '17:00', 'Australia/Lord_Howe', '2026-11-28T06:00:00.000Z'],
    ['2026-06-16', '00:30', 'Australia/Lord_Howe', '2026-06-15T14:00:00.000Z'],
    // Skipped by spring forward: lands after the gap (03:30 EDT).
    ['2026-03-08', '02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    // Repeated by fall back: the first of the two.
    ['2026-11-01', '01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-04-05', '01:45', 'Australia/Lord_Howe', '2026-04-04T14:45:00.000Z'],
  ])('%s %s in %s is %s', (day, time, zone, instant) => {
    expect(zonedDueInstant(day, time, zone).toISOString()).toBe(instant);
  });
});

describe('the .ics download of a timed task', () => {
  it("starts at the due time in the account's zone, written in UTC, for half an hour", () => {
    const { vevent, event } = eventOf(
      buildTaskIcs(task, [], { ...base, timeZone: 'America/New_York' }).content,
    );
    expect(vevent.getFirstProperty('dtstart')?.toICALString()).toBe('DTSTART:20261128T220000Z');
    expect(event.duration.toSeconds()).toBe(30 * 60);
  });

  it('lasts the estimate when there is one, and follows a half-hour zone', () => {
    const { vevent, event } = eventOf(
      buildTaskIcs({ ...task, estimatedTime: 90 }, [], { ...base, timeZone: 'Australia/Lord_Howe' }).content,
    );
    expect(vevent.getFirstProperty('dtstart')?.toICALString()).toBe('DTSTART:20261128T060000Z');
    expect(event.duration.toSeconds()).toBe(90 * 60);
  });
});

describe('the synced event of a timed task', () => {
  const options = { ...base, timeZone: 'Europe/Paris', uid: 'jlabc123' };

  it("is written in the account's zone at the due time, for the estimate or 30 minutes", () => {
    const event = buildCalendarEvent(task, [], { ...options, dueTimeZone: 'America/New_York' });
    expect(event.start).toEqual({ dateTime: '2026-11-28T17:00:00', timeZone: 'America/New_York' });
    expect(event.end).toEqual({ dateTime: '2026-11-28T17:30:00', timeZone: 'America/New_York' });
    const long = buildCalendarEvent({ ...task, estimatedTime: 120 }, [], {
      ...options,
      dueTimeZone: 'Asia/Tokyo',
    });
    expect(long.end).toEqual({ dateTime: '2026-11-28T19:00:00', timeZone: 'Asia/Tokyo' });
  });

  it("falls back to the calendar's zone without an account zone, and keeps 09:00 without a time", () => {
    expect(buildCalendarEvent(task, [], options).start).toEqual({
      dateTime: '2026-11-28T17:00:00',
      timeZone: 'Europe/Paris',
    });
    const allDay = buildCalendarEvent({ ...task, dueTime: null }, [], {
      ...options,
      dueTimeZone: 'Asia/Tokyo',
    });
    expect(allDay.start).toEqual({ dateTime: '2026-11-28T09:00:00', timeZone: 'Europe/Paris' });
    expect(allDay.end.dateTime).toBe('2026-11-28T10:00:00');
  });
});
