import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { newTodosApi } from '../todos/todos-test-helpers.ts';
import {
  type CalendarFakes,
  callbackBody,
  connect,
  consent,
  dueTask,
  integrations,
  startCalendarFakes,
  startOAuth,
  syncTask,
  taskEvents,
} from './calendar-sync-test-helpers.ts';

const MINUTE = 60_000;

describe.each(testEngines)('calendar connections on %s', (engine) => {
  let ctx: TestContext;
  let fakes: CalendarFakes;
  const logLines: string[] = [];

  beforeAll(async () => {
    fakes = await startCalendarFakes();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    ctx = await buildTestApp(engine, fakes.env, { logger: pino({ level: 'debug' }, sink) });
  });
  afterAll(async () => {
    await ctx.close();
    await fakes.close();
  });

  it('connects Google through consent and callback; the answer and list hold no token', async () => {
    const api = await newTodosApi(ctx);
    const url = new URL(await startOAuth(api, 'google'));
    expect(url.origin).toBe(fakes.google.url);
    expect(url.pathname).toBe('/o/oauth2/v2/auth');
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/calendar.events');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('redirect_uri')).toBe(`${ctx.config.APP_URL}/oauth/google/callback`);
    const answer = await consent(url.toString(), 'allow');
    // Back at Google's own callback path, naming Google as the issuer (RFC 9207).
    expect(answer).toMatchObject({ path: '/oauth/google/callback', iss: fakes.google.url });
    const res = await api.request('POST', '/api/calendar/oauth/callback', callbackBody('google', answer));
    expect(res.statusCode, res.body).toBe(201);
    const listed = await integrations(api);
    expect(listed.providers).toEqual({ google: true, outlook: true, caldav: expect.any(Boolean) });
    expect(listed.integrations).toEqual([
      expect.objectContaining({
        provider: 'google',
        calendarId: 'primary',
        isActive: true,
        status: 'connected',
      }),
    ]);
    for (const token of fakes.google.issuedTokens()) {
      expect(res.body).not.toContain(token);
      expect(JSON.stringify(listed)).not.toContain(token);
    }
    // Stored sealed: the database copy does not hold the token either.
    const rows = await ctx.deps.database.db.selectFrom('calendar_integrations').selectAll().execute();
    for (const token of fakes.google.issuedTokens()) expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("refuses a used, unknown, expired or other user's state with Invalid OAuth state", async () => {
    const api = await newTodosApi(ctx);
    const body = callbackBody('google', await consent(await startOAuth(api, 'google'), 'allow'));
    expect((await api.request('POST', '/api/calendar/oauth/callback', body)).statusCode).toBe(201);
    const reused = await api.request('POST', '/api/calendar/oauth/callback', body);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(messages.calendar.invalidOAuthState);

    const unknown = await api.request('POST', '/api/calendar/oauth/callback', {
      provider: 'google',
      code: 'x',
      state: 'nope',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(messages.calendar.invalidOAuthState);

    const other = await newTodosApi(ctx);
    const theirs = callbackBody('google', await consent(await startOAuth(other, 'google'), 'allow'));
    const stolen = await api.request('POST', '/api/calendar/oauth/callback', theirs);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toBe(messages.calendar.invalidOAuthState);
    // Presented once by someone else, the state is spent for its owner too (single use).
    expect((await other.request('POST', '/api/calendar/oauth/callback', theirs)).statusCode).toBe(400);

    const late = callbackBody('outlook', await consent(await startOAuth(api, 'outlook'), 'allow'));
    ctx.clock.advance(11 * MINUTE);
    const expired = await api.request('POST', '/api/calendar/oauth/callback', late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(messages.calendar.invalidOAuthState);
  });

  it('sends the PKCE verifier: a code bound to another challenge is refused by the provider (502)', async () => {
    const api = await newTodosApi(ctx);
    const before = fakes.google.tokenRequests.length;
    const tampered = await consent(await startOAuth(api, 'google'), 'allow', {
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    });
    const res = await api.request('POST', '/api/calendar/oauth/callback', callbackBody('google', tampered));
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(messages.calendar.saveIntegrationFailed);
    expect(fakes.google.tokenRequests.slice(before)).toEqual([
      { grantType: 'authorization_code', status: 400 },
    ]);
    expect((await integrations(api)).integrations).toEqual([]);
  });

  it('brings a Deny back as access_denied (the callback screen shows it; nothing is stored)', async () => {
    const api = await newTodosApi(ctx);
    const denied = await consent(await startOAuth(api, 'outlook'), 'deny');
    expect(denied).toMatchObject({ code: null, error: 'access_denied' });
    expect((await integrations(api)).integrations).toEqual([]);
  });

  it('needs a session (401) and a configured provider', async () => {
    const bare = await buildTestApp(engine);
    try {
      const api = await newTodosApi(bare);
      expect((await integrations(api)).providers).toMatchObject({ google: false, outlook: false });
      const res = await api.request('POST', '/api/calendar/oauth/start', { provider: 'google' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.calendar.unsupportedProvider);
    } finally {
      await bare.close();
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/calendar/oauth/callback',
      payload: { provider: 'google', code: 'a', state: 'b' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/calendar/integrations' })).statusCode).toBe(401);
  });

  it('connects Outlook and syncs a task to the default calendar with its web link', async () => {
    const api = await newTodosApi(ctx);
    const outlook = await connect(api, 'outlook');
    expect(outlook).toMatchObject({ provider: 'outlook', calendarId: null, calendarName: null });
    const { task } = await dueTask(api, 'Outlook task');
    const event = await syncTask(api, task.id, outlook.id);
    expect(event).toMatchObject({ provider: 'outlook', syncStatus: 'synced', error: null });
    const stored = fakes.microsoft.events().find((entry) => entry.id === event.eventId);
    expect(stored?.subject).toBe('Outlook task');
    expect(stored?.body).toMatchObject({ contentType: 'Text' });
    expect(stored?.body.content).toContain('[ ] Outline');
    expect(stored?.start).toEqual({ dateTime: '2030-03-14T09:00:00', timeZone: 'Europe/Paris' });
    expect(stored?.end).toEqual({ dateTime: '2030-03-14T10:30:00', timeZone: 'Europe/Paris' });
    const page = await fetch(event.eventUrl as string);
    expect(await page.text()).toContain('Outlook task');
  });

  it('syncs to Google in the request: 201 with View Event, 200 on a second sync, one event', async () => {
    const api = await newTodosApi(ctx);
    const google = await connect(api, 'google', 'America/New_York');
    const { task } = await dueTask(api, 'Google task');
    const first = await syncTask(api, task.id, google.id);
    expect(first).toMatchObject({ integrationId: google.id, provider: 'google', syncStatus: 'synced' });
    expect(first.eventUrl).toMatch(new RegExp(`^${fakes.google.url}/calendar/event\\?eid=`));
    expect((await fetch(first.eventUrl as string)).status).toBe(200);
    const again = await syncTask(api, task.id, google.id, 200);
    expect(again.eventId).toBe(first.eventId);
    const mine = fakes.google.events().filter((event) => event.id === first.eventId);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.start).toEqual({ dateTime: '2030-03-14T09:00:00', timeZone: 'America/New_York' });
    expect(mine[0]?.description).toContain('Priority: medium');
    expect(await taskEvents(api, task.id)).toEqual([again]);
  });

  it('refreshes an expired access token and keeps the new one', async () => {
    const api = await newTodosApi(ctx);
    const google = await connect(api, 'google');
    const { task } = await dueTask(api);
    fakes.google.expireAccessTokens();
    const before = fakes.google.tokenRequests.length;
    // The provider refuses the old token (401): one refresh, then the call goes through.
    await syncTask(api, task.id, google.id);
    expect(fakes.google.tokenRequests.slice(before)).toEqual([{ grantType: 'refresh_token', status: 200 }]);
    // By the clock as well: past the stored expiry the token is refreshed before any call is refused.
    await ctx.deps.database.db
      .updateTable('calendar_integrations')
      .set({ token_expires_at: new Date(ctx.clock.now.getTime() - MINUTE).toISOString() })
      .where('id', '=', google.id)
      .execute();
    const calls = fakes.google.apiRequests.length;
    await syncTask(api, task.id, google.id, 200);
    expect(fakes.google.apiRequests.slice(calls).map((entry) => entry.status)).toEqual([200]);
    expect(fakes.google.tokenRequests.slice(before).map((entry) => entry.grantType)).toEqual([
      'refresh_token',
      'refresh_token',
    ]);
  });

  it('two refreshes racing on a rotating provider both succeed and keep the integration connected', async () => {
    const api = await newTodosApi(ctx);
    const outlook = await connect(api, 'outlook');
    const tasks = [await dueTask(api, 'One'), await dueTask(api, 'Two'), await dueTask(api, 'Three')];
    const one = tasks[0] as (typeof tasks)[number];
    fakes.microsoft.expireAccessTokens();
    const before = fakes.microsoft.tokenRequests.length;
    const answers = await Promise.all(
      tasks.map(({ task }) =>
        api.request('POST', `/api/tasks/${task.id}/calendar-events`, { integrationId: outlook.id }),
      ),
    );
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((answer) => answer.body).join(' '),
    ).toEqual([201, 201, 201]);
    // One refresh served all three (the others waited for its token).
    expect(fakes.microsoft.tokenRequests.slice(before)).toEqual([
      { grantType: 'refresh_token', status: 200 },
    ]);
    expect((await integrations(api)).integrations[0]).toMatchObject({ status: 'connected', isActive: true });
    // The stored refresh token is the winner's: a later refresh still works.
    fakes.microsoft.expireAccessTokens();
    await syncTask(api, one.task.id, outlook.id, 200);
  });

  it('a revoked grant marks the integration to reconnect and the task shows why', async () => {
    const api = await newTodosApi(ctx);
    const google = await connect(api, 'google');
    const { task } = await dueTask(api);
    await syncTask(api, task.id, google.id);
    fakes.google.revokeGrants();
    fakes.google.expireAccessTokens();
    const res = await api.request('POST', `/api/tasks/${task.id}/calendar-events`, {
      integrationId: google.id,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(messages.calendar.reconnect);
    expect((await integrations(api)).integrations[0]).toMatchObject({ status: 'reconnect', isActive: false });
    expect((await taskEvents(api, task.id))[0]).toMatchObject({
      syncStatus: 'failed',
      error: messages.calendar.reconnect,
    });
    const resume = await api.request('PATCH', `/api/calendar/integrations/${google.id}`, { isActive: true });
    expect(resume.statusCode).toBe(409);
  });

  it("answers 404 for another user's integration, task and events", async () => {
    const owner = await newTodosApi(ctx);
    const google = await connect(owner, 'google');
    const { task } = await dueTask(owner);
    await syncTask(owner, task.id, google.id);
    const stranger = await newTodosApi(ctx);
    const strangersTask = (await dueTask(stranger)).task;
    for (const [method, url, body] of [
      ['PATCH', `/api/calendar/integrations/${google.id}`, { isActive: false }],
      ['DELETE', `/api/calendar/integrations/${google.id}`, undefined],
      ['GET', `/api/tasks/${task.id}/calendar-events`, undefined],
      ['POST', `/api/tasks/${task.id}/calendar-events`, { integrationId: google.id }],
      ['POST', `/api/tasks/${strangersTask.id}/calendar-events`, { integrationId: google.id }],
    ] as const) {
      const res = await stranger.request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await integrations(stranger)).integrations).toEqual([]);
    expect((await integrations(owner)).integrations).toHaveLength(1);
  });

  it('disconnecting forgets the tokens, revokes the grant at Google and drops the task mappings', async () => {
    const api = await newTodosApi(ctx);
    const google = await connect(api, 'google');
    const { task } = await dueTask(api);
    const event = await syncTask(api, task.id, google.id);
    const revokedBefore = fakes.google.revocations();
    const res = await api.request('DELETE', `/api/calendar/integrations/${google.id}`);
    expect(res.statusCode, res.body).toBe(204);
    await ctx.settle();
    expect(fakes.google.revocations()).toBe(revokedBefore + 1);
    expect((await integrations(api)).integrations).toEqual([]);
    expect(await taskEvents(api, task.id)).toEqual([]);
    // The event stays on the calendar.
    expect(fakes.google.events().some((entry) => entry.id === event.eventId)).toBe(true);
  });

  it('never logs a token', async () => {
    const api = await newTodosApi(ctx);
    const google = await connect(api, 'google');
    const { task } = await dueTask(api);
    fakes.google.expireAccessTokens();
    await syncTask(api, task.id, google.id);
    await api.request('DELETE', `/api/calendar/integrations/${google.id}`);
    await ctx.settle();
    expect(logLines.length).toBeGreaterThan(0);
    const log = logLines.join('');
    for (const token of [...fakes.google.issuedTokens(), ...fakes.microsoft.issuedTokens()]) {
      expect(log).not.toContain(token);
    }
  });
});
