import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildTaskIcs, type IcsTask, icsFileName } from './ics.ts';

const now = new Date(2025, 10, 1, 15, 20);
const options = { appUrl: 'https://jotlist.test', todoId: 'todo-1', categoryId: 'cat-1', now };
const task: IcsTask = {
  id: '0d9c1c5e-8d1b-4a43-9c56-6d0b7f1d2a10',
  text: 'Plan the Q4 review',
  completed: false,
  dueDate: '2025-11-05',
  priority: 'high',
  estimatedTime: 90,
};

/** Parses the file with a real iCalendar parser and returns the calendar and its one event. */
function parse(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe('buildTaskIcs', () => {
  it('writes a PUBLISH calendar named Task Calendar with a one-hour refresh', () => {
    const { calendar } = parse(buildTaskIcs(task, [], options).content);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Task Calendar');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT1H');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
  });

  it('starts at 09:00 local on the due date and lasts the estimate', () => {
    const { event, vevent } = parse(buildTaskIcs(task, [], options).content);
    expect(event.startDate.toJSDate().getTime()).toBe(new Date(2025, 10, 5, 9, 0).getTime());
    expect(event.duration.toSeconds()).toBe(90 * 60);
    // An end or a duration, never both (docs/PRODUCT.md §5).
    expect(vevent.hasProperty('dtend')).toBe(false);
  });

  it('starts today at 09:00 and lasts 60 minutes without a due date or estimate', () => {
    const { event } = parse(
      buildTaskIcs({ ...task, dueDate: null, estimatedTime: null }, [], options).content,
    );
    expect(event.startDate.toJSDate().getTime()).toBe(new Date(2025, 10, 1, 9, 0).getTime());
    expect(event.duration.toSeconds()).toBe(60 * 60);
  });

  it('titles the event with the task text, or Untitled event', () => {
    expect(parse(buildTaskIcs(task, [], options).content).event.summary).toBe('Plan the Q4 review');
    expect(parse(buildTaskIcs({ ...task, text: '  ' }, [], options).content).event.summary).toBe(
      'Untitled event',
    );
  });

  it('describes the priority, the subtasks as [x]/[ ] lines and an Open task link', () => {
    const subtasks = [
      { text: 'Collect numbers', completed: true },
      { text: 'Draft slides', completed: false },
    ];
    const { event } = parse(buildTaskIcs(task, subtasks, options).content);
    const lines = event.description.split('\n');
    expect(lines).toContain('Priority: high');
    expect(lines).toContain('[x] Collect numbers');
    expect(lines).toContain('[ ] Draft slides');
    expect(lines).toContain(`Open task: https://jotlist.test/app?todo=todo-1&category=cat-1&item=${task.id}`);
  });

  it('sets categories, status, busy status, PRIORITY and a stable UID', () => {
    const first = parse(buildTaskIcs(task, [], options).content);
    expect(first.vevent.getFirstProperty('categories')?.getValues()).toEqual(['high', 'task']);
    expect(first.vevent.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(first.vevent.getFirstPropertyValue('x-microsoft-cdo-busystatus')).toBe('BUSY');
    expect(first.vevent.getFirstPropertyValue('priority')).toBe(3);
    expect(first.event.uid).toBe(`${task.id}@jotlist`);

    const later = new Date(now.getTime() + 60_000);
    const done = parse(buildTaskIcs({ ...task, completed: true }, [], { ...options, now: later }).content);
    expect(done.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(done.event.uid).toBe(first.event.uid);
    // A later download carries a higher SEQUENCE, so calendars take it as an update of the same event.
    expect(done.event.sequence).toBeGreaterThan(first.event.sequence);
    expect(done.event.sequence).toBeLessThanOrEqual(2_147_483_647);
  });

  it.each([
    ['accented letters', 'é'.repeat(40)],
    ['emoji', '😀'.repeat(40)],
  ])('folds a title of 40 %s at 75 octets, never inside a character', (_kind, text) => {
    const { content } = buildTaskIcs({ ...task, text }, [], options);
    for (const line of content.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(parse(content).event.summary).toBe(text);
  });

  it('takes the UID of the task’s event on a CalDAV calendar, where it is synced to one', () => {
    const calendarId = 'a1b2c3d4-0000-4000-8000-00000000000f';
    const events = [
      { integrationId: '7e0c4f52-0000-4000-8000-000000000001', provider: 'google' },
      { integrationId: calendarId, provider: 'caldav' },
    ];
    const { event } = parse(buildTaskIcs(task, [], { ...options, events }).content);
    expect(event.uid).toBe(`jl${task.id.replaceAll('-', '')}${calendarId.replaceAll('-', '')}`);
    const onGoogleOnly = parse(buildTaskIcs(task, [], { ...options, events: events.slice(0, 1) }).content);
    expect(onGoogleOnly.event.uid).toBe(`${task.id}@jotlist`);
  });

  it('maps every priority to its iCalendar number', () => {
    const numbers = (['urgent', 'high', 'medium', 'low'] as const).map((priority) =>
      parse(buildTaskIcs({ ...task, priority }, [], options).content).vevent.getFirstPropertyValue(
        'priority',
      ),
    );
    expect(numbers).toEqual([1, 3, 5, 9]);
  });
});

describe('icsFileName', () => {
  it('slugs the text, cut to 50 characters, else task', () => {
    expect(buildTaskIcs(task, [], options).fileName).toBe('plan-the-q4-review.ics');
    expect(icsFileName('Buy milk & eggs!')).toBe('buy-milk---eggs-.ics');
    expect(icsFileName('x'.repeat(80))).toBe(`${'x'.repeat(50)}.ics`);
    expect(icsFileName('')).toBe('task.ics');
    expect(icsFileName('!!!')).toBe('task.ics');
  });
});
