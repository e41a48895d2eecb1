import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTaskIcs } from '../../../shared/domain/ics.ts';
import type { CalendarFeed } from '../../../shared/schemas/calendar-feed.ts';
import type { CalendarIntegration } from '../../../shared/schemas/calendar-sync.ts';
import { nextIp } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import {
  type Radicale,
  radicaleAvailable,
  radicaleMissing,
  readEvent,
  startRadicale,
} from '../../test/radicale.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { newTodosApi, type TodosApi } from '../todos/todos-test-helpers.ts';
import { dueTask, syncTask, taskEvents } from './calendar-sync-test-helpers.ts';

if (!radicaleAvailable) console.warn(radicaleMissing);

/** The UTF-8 length of each physical line, which RFC 5545 §3.1 caps at 75 octets. */
const octetsOfLines = (text: string) =>
  text.split('\r\n').map((line) => new TextEncoder().encode(line).length);

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

/**
 * One task, three ways onto a calendar: the .ics download (built as the task panel builds it), the
 * private feed and the CalDAV sync. They must name the event alike, so that importing the download or
 * reading the feed where the task is synced updates the event instead of adding a second one.
 */
describe.runIf(radicaleAvailable).each(testEngines)('a synced task’s UID on %s', (engine) => {
  let ctx: TestContext;
  let radicale: Radicale;

  beforeAll(async () => {
    radicale = await startRadicale();
    ctx = await buildTestApp(engine, { CALDAV_ALLOWED_HOSTS: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx?.close();
    await radicale?.close();
  });

  async function connect(api: TodosApi): Promise<CalendarIntegration> {
    const res = await api.request('POST', '/api/calendar/caldav', {
      serverUrl: radicale.url,
      username: radicale.username,
      password: radicale.password,
      calendarUrl: radicale.calendarUrl,
      timeZone: 'Europe/Paris',
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { integration: CalendarIntegration }).integration;
  }

  async function feedText(api: TodosApi): Promise<string> {
    const on = await api.request('PUT', '/api/calendar-feed', { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    const url = new URL(((on.json() as CalendarFeed).url ?? '').replace(/^webcal:/, 'http:'));
    const res = await ctx.app.inject({ method: 'GET', url: url.pathname, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    return res.body;
  }

  it('is the CalDAV event’s UID in the download, the feed and the PUT; long titles fold by octets', async () => {
    const api = await newTodosApi(ctx);
    const integration = await connect(api);
    const title = `${'é'.repeat(40)} 😀`;
    const { todo, task } = await dueTask(api, title);
    const unsynced = await feedText(api);
    expect(eventsOf(unsynced).map((event) => event.uid)).toEqual([`${task.id}@jotlist`]);

    const synced = await syncTask(api, task.id, integration.id);
    const stored = await readEvent(radicale, synced.eventId);
    // The UID synced events have always had: what is already on people's calendars stays as it is.
    const uid = `jl${task.id.replaceAll('-', '')}${integration.id.replaceAll('-', '')}`;
    expect(stored?.uid).toBe(uid);
    expect(stored?.summary).toBe(title);

    const detail = await api.getTask(task.id);
    const download = buildTaskIcs(detail, detail.subtasks, {
      appUrl: 'http://jotlist.test',
      todoId: todo.id,
      categoryId: detail.categoryId,
      now: new Date(),
      events: await taskEvents(api, task.id),
    }).content;
    const feed = await feedText(api);
    for (const text of [download, feed]) {
      const [event] = eventsOf(text);
      expect(event?.uid).toBe(uid);
      expect(event?.summary).toBe(title);
      expect(Math.max(...octetsOfLines(text))).toBeLessThanOrEqual(75);
    }
  });
});
