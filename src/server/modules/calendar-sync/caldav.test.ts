import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { CalendarIntegration } from '../../../shared/schemas/calendar-sync.ts';
import { testEngines } from '../../test/engines.ts';
import {
  listEvents,
  type Radicale,
  type RadicaleAccount,
  radicaleAvailable,
  radicaleMissing,
  readEvent,
  startRadicale,
} from '../../test/radicale.ts';
import { freePort } from '../../test/real-server.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { newTodosApi, type TodosApi } from '../todos/todos-test-helpers.ts';
import { caldavRateLimit } from './caldav.routes.ts';
import { dueTask, integrations, syncTask, taskEvents } from './calendar-sync-test-helpers.ts';

if (!radicaleAvailable) console.warn(radicaleMissing);

const m = messages.calendar;

/**
 * CalDAV end to end against a real Radicale: discovery and connection through the API, then a task's
 * event as the CalDAV server stores it, kept current by the propagation jobs.
 */
describe.runIf(radicaleAvailable).each(testEngines)('CalDAV calendars on %s', (engine) => {
  let ctx: TestContext;
  let radicale: Radicale;
  const logLines: string[] = [];

  beforeAll(async () => {
    radicale = await startRadicale();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    // Radicale runs next to the app, on loopback: the self-hoster's opt-in lets it through.
    ctx = await buildTestApp(
      engine,
      { CALDAV_ALLOWED_HOSTS: '127.0.0.1' },
      { logger: pino({ level: 'debug' }, sink) },
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await radicale?.close();
  });

  /** Every answer a test got, to show that no password is in any of them. */
  function recording(api: TodosApi) {
    const bodies: string[] = [];
    const request: TodosApi['request'] = async (...args) => {
      const res = await api.request(...args);
      bodies.push(JSON.stringify(res.headers), res.body);
      return res;
    };
    return { api: { ...api, request }, bodies };
  }

  const credentialsOf = (account: RadicaleAccount) => ({
    serverUrl: radicale.url,
    username: account.username,
    password: account.password,
  });

  async function connect(api: TodosApi, account: RadicaleAccount = radicale): Promise<CalendarIntegration> {
    const res = await api.request('POST', '/api/calendar/caldav', {
      ...credentialsOf(account),
      calendarUrl: account.calendarUrl,
      timeZone: 'Europe/Paris',
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { integration: CalendarIntegration }).integration;
  }

  const patch = async (api: TodosApi, taskId: string, body: object) => {
    const res = await api.request('PATCH', `/api/tasks/${taskId}`, body);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('discovers the calendars of the account: URL and display name, nothing else', async () => {
    const { api, bodies } = recording(await newTodosApi(ctx));
    const res = await api.request('POST', '/api/calendar/caldav/discover', credentialsOf(radicale));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ calendars: [{ url: radicale.calendarUrl, displayName: 'Tasks' }] });
    expect(bodies.join('\n')).not.toContain(radicale.password);
  });

  it('answers a wrong password, no server and a non-http address on the right field', async () => {
    const api = await newTodosApi(ctx);
    const discover = (body: object) => api.request('POST', '/api/calendar/caldav/discover', body);

    const wrong = await discover({ ...credentialsOf(radicale), password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { password: m.caldavRejected },
    });

    const nobody = await discover({
      ...credentialsOf(radicale),
      serverUrl: `http://127.0.0.1:${await freePort()}`,
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.fields).toEqual({ serverUrl: m.caldavUnreachable });

    const ftp = await discover({ ...credentialsOf(radicale), serverUrl: 'ftp://127.0.0.1/' });
    expect(ftp.statusCode).toBe(400);
    expect(Object.keys(ftp.json().error.fields)).toEqual(['serverUrl']);
  });

  it('connects a listed calendar, sealed; a calendar the server did not list is refused', async () => {
    const { api, bodies } = recording(await newTodosApi(ctx));
    const integration = await connect(api);
    expect(integration).toMatchObject({
      provider: 'caldav',
      calendarId: radicale.calendarUrl,
      calendarName: 'Tasks',
      accountLabel: `${radicale.username}@${new URL(radicale.url).host}`,
      isActive: true,
      status: 'connected',
    });
    expect((await integrations(api)).integrations).toEqual([integration]);

    const elsewhere = await api.request('POST', '/api/calendar/caldav', {
      ...credentialsOf(radicale),
      calendarUrl: `${radicale.url}/someone-else/tasks/`,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.fields).toEqual({ calendarUrl: m.caldavNoCalendars });

    expect(bodies.join('\n')).not.toContain(radicale.password);
    const rows = await ctx.deps.database.db.selectFrom('calendar_integrations').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(radicale.password);
  });

  it('syncs a task: the event is on the server; a due-date change moves it; a delete removes it', async () => {
    const { api, bodies } = recording(await newTodosApi(ctx));
    const integration = await connect(api);
    const { task } = await dueTask(api);
    const synced = await syncTask(api, task.id, integration.id);
    expect(synced).toMatchObject({
      provider: 'caldav',
      calendarName: 'Tasks',
      syncStatus: 'synced',
      eventUrl: null,
    });
    expect(synced.eventId.startsWith(radicale.calendarUrl)).toBe(true);

    const stored = await readEvent(radicale, synced.eventId);
    expect(stored?.summary).toBe('Write report');
    // 09:00 in Paris on the due date (winter time), for the 90-minute estimate.
    expect(stored?.start).toBe('2030-03-14T08:00:00.000Z');
    expect(stored?.end).toBe('2030-03-14T09:30:00.000Z');
    expect(stored?.description).toContain('[ ] Outline');
    expect(stored?.description).toContain(`item=${task.id}`);
    expect(stored?.status).toBe('TENTATIVE');
    expect(stored?.text).not.toMatch(/^METHOD:/m);
    // One event for the task, where the API says it is.
    const listed = (await listEvents(radicale)).filter((event) => event.uid === stored?.uid);
    expect(listed.map((event) => event.href)).toEqual([synced.eventId]);

    // A task completes once its subtasks are done.
    const { subtasks } = await api.getTask(task.id);
    const done = await api.request('PATCH', `/api/subtasks/${subtasks[0]?.id}`, { completed: true });
    expect(done.statusCode, done.body).toBe(200);
    await patch(api, task.id, { dueDate: '2030-07-01', completed: true });
    await ctx.settle();
    const moved = await readEvent(radicale, synced.eventId);
    // Summer time in Paris now.
    expect(moved?.start).toBe('2030-07-01T07:00:00.000Z');
    expect(moved?.status).toBe('CONFIRMED');
    expect(moved?.description).toContain('[x] Outline');
    expect((await taskEvents(api, task.id))[0]).toMatchObject({ syncStatus: 'synced', error: null });

    const removed = await api.request('DELETE', `/api/tasks/${task.id}`);
    expect(removed.statusCode).toBe(204);
    await ctx.settle();
    expect(await readEvent(radicale, synced.eventId)).toBeNull();
    expect(bodies.join('\n')).not.toContain(radicale.password);
  });

  it('a password changed on the server asks to reconnect; connecting again resumes the same calendar', async () => {
    const account = await radicale.addAccount();
    const { api, bodies } = recording(await newTodosApi(ctx));
    const integration = await connect(api, account);
    const { task } = await dueTask(api);
    const synced = await syncTask(api, task.id, integration.id);

    radicale.setPassword(account.username, 'a-new-app-password');
    await patch(api, task.id, { dueDate: '2030-03-20' });
    await ctx.settle();
    expect((await integrations(api)).integrations[0]).toMatchObject({ status: 'reconnect', isActive: false });
    expect((await taskEvents(api, task.id))[0]).toMatchObject({ syncStatus: 'failed', error: m.reconnect });

    const renewed = { ...account, password: 'a-new-app-password' };
    const again = await connect(api, renewed);
    expect(again).toMatchObject({ id: integration.id, status: 'connected', isActive: true });
    await patch(api, task.id, { dueDate: '2030-03-21' });
    await ctx.settle();
    expect((await readEvent(renewed, synced.eventId))?.start).toBe('2030-03-21T08:00:00.000Z');
    expect((await taskEvents(api, task.id))[0]).toMatchObject({ syncStatus: 'synced', error: null });
    expect(bodies.join('\n')).not.toContain('a-new-app-password');
    expect(bodies.join('\n')).not.toContain(account.password);
  });

  it("answers 404 for another user's CalDAV integration", async () => {
    const owner = await newTodosApi(ctx);
    const integration = await connect(owner);
    const stranger = await newTodosApi(ctx);
    const { task } = await dueTask(stranger);
    for (const [method, url, body] of [
      ['PATCH', `/api/calendar/integrations/${integration.id}`, { isActive: false }],
      ['DELETE', `/api/calendar/integrations/${integration.id}`, undefined],
      ['POST', `/api/tasks/${task.id}/calendar-events`, { integrationId: integration.id }],
    ] as const) {
      const res = await stranger.request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await integrations(owner)).integrations).toEqual([integration]);
  });

  it('limits discovery and connection per user (our server calls the address they type)', async () => {
    const saved = { ...caldavRateLimit };
    caldavRateLimit.max = 2;
    try {
      const api = await newTodosApi(ctx);
      const answers: number[] = [];
      for (let i = 0; i < 3; i++) {
        answers.push(
          (await api.request('POST', '/api/calendar/caldav/discover', credentialsOf(radicale))).statusCode,
        );
      }
      expect(answers).toEqual([200, 200, 429]);
      // Someone else is not held back by it.
      const other = await newTodosApi(ctx);
      expect(
        (await other.request('POST', '/api/calendar/caldav/discover', credentialsOf(radicale))).statusCode,
      ).toBe(200);
    } finally {
      Object.assign(caldavRateLimit, saved);
    }
  });

  it('needs a session, and never logs a password', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/calendar/caldav/discover',
      payload: credentialsOf(radicale),
    });
    expect(anonymous.statusCode).toBe(401);

    // What could log one: a refused sign-in, a connection, a sync and its propagation.
    const api = await newTodosApi(ctx);
    const refused = await api.request('POST', '/api/calendar/caldav/discover', {
      ...credentialsOf(radicale),
      password: 'wrong-password-1234',
    });
    expect(refused.statusCode).toBe(400);
    const integration = await connect(api);
    const { task } = await dueTask(api);
    await syncTask(api, task.id, integration.id);
    await patch(api, task.id, { dueDate: '2030-05-01' });
    await ctx.settle();
    const log = logLines.join('\n');
    expect(log).toContain('/api/calendar/caldav');
    expect(log).not.toContain(radicale.password);
    expect(log).not.toContain('wrong-password-1234');
  });
});
