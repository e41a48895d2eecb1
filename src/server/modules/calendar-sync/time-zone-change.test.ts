import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '../../../shared/schemas/calendar-feed.ts';
import { nextIp, signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { type TodosApi, todosApiFor } from '../todos/todos-test-helpers.ts';
import {
  type CalendarFakes,
  connect,
  dueTask,
  startCalendarFakes,
  syncTask,
} from './calendar-sync-test-helpers.ts';

/** A new account time zone moves timed tasks: connected calendars and the private feed follow it. */
describe.each(testEngines)('changing the account time zone on %s', (engine) => {
  let ctx: TestContext;
  let fakes: CalendarFakes;

  beforeAll(async () => {
    fakes = await startCalendarFakes();
    ctx = await buildTestApp(engine, fakes.env);
  });
  afterAll(async () => {
    await ctx.close();
    await fakes.close();
  });

  async function parisUser(): Promise<TodosApi> {
    const user = await signedInUser(ctx, { timeZone: 'Europe/Paris' });
    return todosApiFor(ctx, user.userId, user.cookies);
  }
  const setZone = async (api: TodosApi, timeZone: string) => {
    const res = await api.request('PUT', '/api/account/time-zone', { timeZone });
    expect(res.statusCode, res.body).toBe(200);
  };
  const timed = async (api: TodosApi, taskId: string) => {
    const res = await api.request('PATCH', `/api/tasks/${taskId}`, { dueTime: '17:00' });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('pushes the timed tasks to Google and Outlook again, in the new zone; all-day ones stay', async () => {
    const api = await parisUser();
    const google = await connect(api, 'google');
    const outlook = await connect(api, 'outlook');
    const { task } = await dueTask(api, 'Call the bank');
    await timed(api, task.id);
    const { task: allDay } = await dueTask(api, 'Pay rent');
    const onGoogle = await syncTask(api, task.id, google.id);
    const onOutlook = await syncTask(api, task.id, outlook.id);
    const allDayEvent = await syncTask(api, allDay.id, google.id);
    await ctx.settle();
    const googleEvent = () => fakes.google.events().find((e) => e.id === onGoogle.eventId);
    const outlookEvent = () => fakes.microsoft.events().find((e) => e.id === onOutlook.eventId);
    expect(googleEvent()?.start).toEqual({ dateTime: '2030-03-14T17:00:00', timeZone: 'Europe/Paris' });
    const allDayBefore = fakes.google.events().find((e) => e.id === allDayEvent.eventId);
    const updates = () => fakes.google.apiRequests.filter((r) => r.method !== 'GET' && r.method !== 'POST');
    const updatesBefore = updates().length;

    await setZone(api, 'Asia/Tokyo');
    await ctx.settle();
    expect(googleEvent()?.start).toEqual({ dateTime: '2030-03-14T17:00:00', timeZone: 'Asia/Tokyo' });
    expect(outlookEvent()?.start.timeZone).toBe('Asia/Tokyo');
    expect(outlookEvent()?.start.dateTime).toMatch(/^2030-03-14T17:00:00/);
    // One update, the timed task's: the all-day event is left as it was.
    expect(updates().length - updatesBefore).toBe(1);
    expect(fakes.google.events().find((e) => e.id === allDayEvent.eventId)).toEqual(allDayBefore);

    // Setting the same zone again pushes nothing.
    await setZone(api, 'Asia/Tokyo');
    await ctx.settle();
    expect(updates().length - updatesBefore).toBe(1);
  });

  it("changes the private feed's ETag and its timed events' start", async () => {
    const api = await parisUser();
    const { task } = await dueTask(api, 'Call the bank');
    await timed(api, task.id);
    const res = await api.request('PUT', '/api/calendar-feed', { enabled: true });
    expect(res.statusCode, res.body).toBe(200);
    const path = new URL(((res.json() as CalendarFeed).url ?? '').replace(/^webcal:/, 'http:')).pathname;
    const fetchFeed = (headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: path, headers, remoteAddress: nextIp() });
    const start = (body: string) => {
      const calendar = new ICAL.Component(ICAL.parse(body));
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
      return event.startDate.toJSDate().toISOString();
    };
    const first = await fetchFeed();
    expect(start(first.body)).toBe('2030-03-14T16:00:00.000Z');

    await setZone(api, 'Asia/Tokyo');
    const after = await fetchFeed({ 'if-none-match': String(first.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(start(after.body)).toBe('2030-03-14T08:00:00.000Z');
  });
});
