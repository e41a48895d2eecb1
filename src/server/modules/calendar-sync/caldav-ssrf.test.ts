import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { parseAllowedHosts } from '../../caldav-allowed-hosts.ts';
import { testEngines } from '../../test/engines.ts';
import { freePort } from '../../test/real-server.ts';
import { type RecordingServer, startRecordingServer } from '../../test/recording-server.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { newTodosApi } from '../todos/todos-test-helpers.ts';
import { caldavCalendar } from './providers/caldav.ts';
import type { CalendarEventPayload } from './providers/provider.ts';

const m = messages.calendar;
const credentials = { username: 'someone', password: 'app-password-1234' };

/**
 * Our server calls the CalDAV address a user types, so that address must not reach this machine or
 * the networks behind it. Fake servers on 127.0.0.1 record what they receive: a refused address is
 * refused before any byte reaches them.
 */
describe.each(testEngines)('CalDAV addresses on %s', (engine) => {
  let ctx: TestContext;
  /** Not allow-listed: what an attacker would aim at (a database, an admin page, a metadata service). */
  let internal: RecordingServer;
  /** Allow-listed (a self-hosted server); answers 404 to everything but /hop/, which redirects inward. */
  let allowed: RecordingServer;
  let closedPort: number;

  beforeAll(async () => {
    internal = await startRecordingServer((_url, reply) => reply(200, {}, 'internal'));
    allowed = await startRecordingServer((url, reply) => {
      if (url.startsWith('/hop/')) reply(307, { location: `${internal.url}/dav/` });
      else reply(404);
    });
    closedPort = await freePort();
    ctx = await buildTestApp(engine, {
      CALDAV_ALLOWED_HOSTS: `127.0.0.1:${allowed.port}, 127.0.0.1:${closedPort}`,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await internal?.close();
    await allowed?.close();
  });
  beforeEach(() => {
    internal.received.length = 0;
    allowed.received.length = 0;
  });

  it('refuses loopback however it is written, with one 400 on serverUrl, and nothing reaches it', async () => {
    const api = await newTodosApi(ctx);
    const port = internal.port;
    const hosts = [
      '127.0.0.1',
      'localhost',
      '127.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '0.0.0.0',
      '[::1]',
      '[::ffff:127.0.0.1]',
    ];
    for (const host of hosts) {
      const serverUrl = `http://${host}:${port}/`;
      const discover = await api.request('POST', '/api/calendar/caldav/discover', {
        serverUrl,
        ...credentials,
      });
      expect(discover.statusCode, host).toBe(400);
      expect(discover.json().error.fields, host).toEqual({ serverUrl: m.caldavUnreachable });

      const connect = await api.request('POST', '/api/calendar/caldav', {
        serverUrl,
        ...credentials,
        calendarUrl: `${serverUrl}dav/tasks/`,
      });
      expect(connect.statusCode, host).toBe(400);
      expect(connect.json().error.fields, host).toEqual({ serverUrl: m.caldavUnreachable });
    }
    expect(internal.received).toEqual([]);
    expect((await api.request('GET', '/api/calendar/integrations')).json().integrations).toEqual([]);
  });

  it('answers a refused address, a closed port and a server that is not CalDAV alike', async () => {
    const api = await newTodosApi(ctx);
    const answers = [];
    for (const serverUrl of [internal.url, `http://127.0.0.1:${closedPort}`, allowed.url]) {
      const res = await api.request('POST', '/api/calendar/caldav/discover', { serverUrl, ...credentials });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]).toEqual({
      status: 400,
      body: { error: expect.objectContaining({ fields: { serverUrl: m.caldavUnreachable } }) },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // The allowed server was asked; the refused one never was.
    expect(allowed.received.length).toBeGreaterThan(0);
    expect(internal.received).toEqual([]);
  });

  it('refuses a redirect from an allowed server to an address not allowed, at that hop', async () => {
    const api = await newTodosApi(ctx);
    const res = await api.request('POST', '/api/calendar/caldav/discover', {
      serverUrl: `${allowed.url}/hop/`,
      ...credentials,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ serverUrl: m.caldavUnreachable });
    expect(allowed.received.map((request) => request.url)).toContain('/hop/');
    expect(internal.received).toEqual([]);
  });

  it('refuses a calendar URL on another origin than the server, before asking either', async () => {
    const api = await newTodosApi(ctx);
    for (const calendarUrl of [`${internal.url}/dav/tasks/`, 'http://169.254.169.254/latest/', 'not a url']) {
      const res = await api.request('POST', '/api/calendar/caldav', {
        serverUrl: allowed.url,
        ...credentials,
        calendarUrl,
      });
      expect(res.statusCode, calendarUrl).toBe(400);
      expect(res.json().error.fields, calendarUrl).toEqual({ calendarUrl: m.caldavNoCalendars });
    }
    expect(allowed.received).toEqual([]);
    expect(internal.received).toEqual([]);
  });
});

describe('CalDAV writes', () => {
  let server: RecordingServer;
  let elsewhere: RecordingServer;

  beforeAll(async () => {
    server = await startRecordingServer((_url, reply) => reply(201, { etag: '"1"' }));
    elsewhere = await startRecordingServer((_url, reply) => reply(201, { etag: '"1"' }));
  });
  afterAll(async () => {
    await server?.close();
    await elsewhere?.close();
  });

  it('never go to a calendar stored on another origin than its server', async () => {
    // Both are allowed here: only the origin rule stands between a stored row and the other host.
    const client = caldavCalendar({ allowedHosts: parseAllowedHosts('127.0.0.1') ?? [] });
    const account = { kind: 'caldav' as const, serverUrl: server.url, ...credentials };
    const event: CalendarEventPayload = {
      uid: 'jl-ssrf',
      summary: 'Text the user chose',
      description: '',
      start: { dateTime: '2030-03-14T09:00:00', timeZone: 'UTC' },
      end: { dateTime: '2030-03-14T10:00:00', timeZone: 'UTC' },
      completed: false,
      url: 'http://127.0.0.1/app',
    };
    const calendar = `${elsewhere.url}/admin/`;
    await expect(client.createEvent(account, calendar, event)).rejects.toMatchObject({ kind: 'rejected' });
    const ref = { eventId: `${calendar}jl-ssrf.ics`, eventUrl: null, etag: '"1"' };
    await expect(client.updateEvent(account, calendar, ref, event)).rejects.toMatchObject({
      kind: 'rejected',
    });
    await expect(client.deleteEvent(account, calendar, ref)).rejects.toMatchObject({ kind: 'rejected' });
    expect(elsewhere.received).toEqual([]);

    // On its own origin, the same client writes.
    await client.createEvent(account, `${server.url}/dav/tasks/`, event);
    expect(server.received.map((request) => `${request.method} ${request.url}`)).toEqual([
      'PUT /dav/tasks/jl-ssrf.ics',
    ]);
  });
});
