import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '../../../shared/schemas/calendar-feed.ts';
import { nextIp, signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { todosApiFor } from '../todos/todos-test-helpers.ts';

const pathOf = (url: string) => new URL(url.replace(/^webcal:/, 'http:')).pathname;
const unfold = (body: string) => body.replace(/\r\n[ \t]/g, '');

describe.each(testEngines)('repeating tasks in the calendar feed on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  it('writes the series in the account zone with RRULE, and skipped occurrences as EXDATE', async () => {
    const user = await signedInUser(ctx, { timeZone: 'America/New_York' });
    const api = todosApiFor(ctx, user.userId, user.cookies);
    const todo = await api.createTodo();
    const timed = await api.createTask(todo.id, {
      text: 'Standup',
      dueDate: '2027-01-04',
      dueTime: '09:30',
      repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=10' },
    });
    expect((await api.request('POST', `/api/tasks/${timed.id}/skip`, {})).statusCode).toBe(200);
    await api.createTask(todo.id, {
      text: 'Water plants',
      dueDate: '2027-01-04',
      repeat: { rule: 'FREQ=DAILY' },
    });
    await api.createTask(todo.id, {
      text: 'Cactus',
      dueDate: '2027-01-04',
      repeat: { rule: 'FREQ=DAILY;INTERVAL=3', mode: 'afterCompletion' },
    });
    const on = await api.request('PUT', '/api/calendar-feed', { enabled: true });
    const feed = on.json() as CalendarFeed;
    const res = await ctx.app.inject({
      method: 'GET',
      url: pathOf(feed.url as string),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    const body = unfold(res.body);
    const event = (summary: string) =>
      body.split('BEGIN:VEVENT').find((part) => part.includes(`SUMMARY:${summary}`)) ?? '';

    expect(event('Standup')).toContain('DTSTART;TZID=America/New_York:20270104T093000\r\n');
    expect(event('Standup')).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=10\r\n');
    expect(event('Standup')).toContain('EXDATE;TZID=America/New_York:20270104T093000\r\n');
    expect(event('Water plants')).toContain('DTSTART:20270104T090000\r\nRRULE:FREQ=DAILY\r\n');
    // After completion: one event on its current date, no rule a calendar could expand.
    expect(event('Cactus')).toContain('DTSTART:20270104T090000\r\n');
    expect(event('Cactus')).not.toContain('RRULE');

    // ical.js reads the rule as written.
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const standup = calendar
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent))
      .find((e) => e.summary === 'Standup');
    expect(standup?.isRecurring()).toBe(true);
  });
});
