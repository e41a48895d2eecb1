import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { AppError } from '../../../app-error.ts';
import { parseAllowedHosts } from '../../../caldav-allowed-hosts.ts';
import {
  type Radicale,
  radicaleAvailable,
  radicaleMissing,
  readEvent,
  startRadicale,
} from '../../../test/radicale.ts';
import { freePort } from '../../../test/real-server.ts';
import { caldavCalendar, caldavObjectUrl } from './caldav.ts';
import { discoverCaldavCalendars } from './caldav-discovery.ts';
import { type CalendarEventPayload, type ProviderCredentials, ProviderError } from './provider.ts';

if (!radicaleAvailable) console.warn(radicaleMissing);

/** Radicale and the hostile servers below listen on loopback, which a self-hoster allows this way. */
const allowedHosts = parseAllowedHosts('127.0.0.1') ?? [];

/** The provider and discovery against a real Radicale: what a CalDAV server stores and answers. */
describe.runIf(radicaleAvailable)('CalDAV provider against Radicale', () => {
  let radicale: Radicale;
  const client = caldavCalendar({ allowedHosts });

  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(() => radicale?.close());

  const credentials = (): ProviderCredentials => ({
    kind: 'caldav',
    serverUrl: radicale.url,
    username: radicale.username,
    password: radicale.password,
  });

  const payload = (changes: Partial<CalendarEventPayload> = {}): CalendarEventPayload => ({
    uid: `${randomUUID()}@jotlist`,
    summary: 'Write report',
    description: 'Priority: high\n\nOpen task: http://127.0.0.1:3000/app?item=1',
    start: { dateTime: '2030-03-14T09:00:00', timeZone: 'Europe/Paris' },
    end: { dateTime: '2030-03-14T10:30:00', timeZone: 'Europe/Paris' },
    completed: false,
    url: 'http://127.0.0.1:3000/app?item=1',
    ...changes,
  });

  /** The object as the server has it (plain HTTP, as any calendar app would read it), or null. */
  const stored = (url: string) => readEvent(radicale, url);

  it('discovery lists the calendar that holds events, by its display name', async () => {
    const calendars = await discoverCaldavCalendars(
      { serverUrl: radicale.url, username: radicale.username, password: radicale.password },
      { allowedHosts },
    );
    expect(calendars).toEqual([{ url: radicale.calendarUrl, displayName: 'Tasks' }]);
  });

  it('discovery answers a wrong password on the password field', async () => {
    const failure = await discoverCaldavCalendars(
      { serverUrl: radicale.url, username: radicale.username, password: 'not-the-password' },
      { allowedHosts },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).statusCode).toBe(400);
    expect((failure as AppError).fields).toEqual({ password: messages.calendar.caldavRejected });
  });

  it('discovery answers an address with no server, or not http, on the server field', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    for (const serverUrl of [closed, 'file:///etc/passwd', 'ftp://127.0.0.1/']) {
      const failure = await discoverCaldavCalendars(
        { serverUrl, username: 'a', password: 'b' },
        { allowedHosts },
      ).catch((error: unknown) => error);
      expect((failure as AppError).fields, serverUrl).toEqual({
        serverUrl: messages.calendar.caldavUnreachable,
      });
    }
  });

  it('discovery tells an account without event calendars', async () => {
    // A user Radicale knows but who never made a calendar.
    const username = `empty${randomUUID().slice(0, 8)}`;
    radicale.setPassword(username, 'app-password');
    const failure = await discoverCaldavCalendars(
      { serverUrl: radicale.url, username, password: 'app-password' },
      { allowedHosts },
    ).catch((error: unknown) => error);
    expect((failure as AppError).fields).toEqual({ serverUrl: messages.calendar.caldavNoCalendars });
  });

  it('creates <uid>.ics with the payload, and a retried create updates the same object', async () => {
    const event = payload();
    const ref = await client.createEvent(credentials(), radicale.calendarUrl, event);
    expect(ref.eventId).toBe(caldavObjectUrl(radicale.calendarUrl, event.uid));
    expect(ref.eventUrl).toBeNull();
    const first = await stored(ref.eventId);
    expect(ref.etag).toBe(first?.etag);
    expect(first?.uid).toBe(event.uid);
    expect(first?.summary).toBe('Write report');
    expect(first?.description).toBe(event.description);
    expect(first?.start).toBe('2030-03-14T08:00:00.000Z');
    expect(first?.end).toBe('2030-03-14T09:30:00.000Z');

    // The answer to the first create was lost: the engine creates again (If-None-Match → 412 → update).
    const again = await client.createEvent(credentials(), radicale.calendarUrl, {
      ...event,
      summary: 'Renamed',
    });
    expect(again.eventId).toBe(ref.eventId);
    expect((await stored(ref.eventId))?.summary).toBe('Renamed');
  });

  it('updates with the ETag, and overwrites an event edited elsewhere (stale ETag)', async () => {
    const event = payload();
    const ref = await client.createEvent(credentials(), radicale.calendarUrl, event);
    const moved = await client.updateEvent(credentials(), radicale.calendarUrl, ref, {
      ...event,
      start: { dateTime: '2030-03-20T09:00:00', timeZone: 'UTC' },
      end: { dateTime: '2030-03-20T10:00:00', timeZone: 'UTC' },
    });
    expect(moved.etag).not.toBe(ref.etag);
    expect((await stored(ref.eventId))?.start).toBe('2030-03-20T09:00:00.000Z');

    // `ref.etag` is stale now, as after an edit in a calendar app: the task still wins.
    const done = await client.updateEvent(credentials(), radicale.calendarUrl, ref, {
      ...event,
      completed: true,
    });
    const after = await stored(ref.eventId);
    expect(done.etag).toBe(after?.etag);
    expect(after?.status).toBe('CONFIRMED');
  });

  it('deletes the event; deleting again, or updating it then, says it is gone', async () => {
    const event = payload();
    const ref = await client.createEvent(credentials(), radicale.calendarUrl, event);
    await client.deleteEvent(credentials(), radicale.calendarUrl, ref);
    expect(await stored(ref.eventId)).toBeNull();
    await expect(client.deleteEvent(credentials(), radicale.calendarUrl, ref)).resolves.toBeUndefined();
    // Deleted in a calendar app: the update reports it (the engine decides to create it again).
    for (const stale of [ref, { ...ref, etag: null }]) {
      const update = client.updateEvent(credentials(), radicale.calendarUrl, stale, event);
      await expect(update).rejects.toMatchObject({ kind: 'not_found' });
    }
    expect(await stored(ref.eventId)).toBeNull();
  });

  it('a refused password is `auth`; a server that is down is `transient`', async () => {
    const wrong: ProviderCredentials = { ...credentials(), password: 'revoked' } as ProviderCredentials;
    const refused = await client.createEvent(wrong, radicale.calendarUrl, payload()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).kind).toBe('auth');

    const downServer = `http://127.0.0.1:${await freePort()}`;
    const down = { ...credentials(), serverUrl: downServer } as ProviderCredentials;
    const failed = await client
      .createEvent(down, `${downServer}/user/tasks/`, payload())
      .catch((e: unknown) => e);
    expect((failed as ProviderError).kind).toBe('transient');
  });
});

/** Servers that misbehave on purpose: the address a user types is the one our server calls. */
describe('CalDAV calls to a hostile server', () => {
  let silent: Server;
  let redirecting: Server;
  const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  beforeAll(async () => {
    // Accepts the request and never answers.
    silent = createServer(() => undefined);
    // Sends every request to a file on our own disk.
    redirecting = createServer((_request, response) => {
      response.writeHead(301, { location: 'file:///etc/passwd' }).end();
    });
    await Promise.all([listen(silent), listen(redirecting)]);
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await Promise.all([
      new Promise((resolve) => silent.close(resolve)),
      new Promise((resolve) => redirecting.close(resolve)),
    ]);
  });

  it('gives up on a server that never answers, within the deadline', async () => {
    const started = Date.now();
    const failure = await discoverCaldavCalendars(
      { serverUrl: urlOf(silent), username: 'a', password: 'b' },
      { requestTimeoutMs: 300, timeoutMs: 800, allowedHosts },
    ).catch((error: unknown) => error);
    expect((failure as AppError).fields).toEqual({ serverUrl: messages.calendar.caldavUnreachable });
    expect(Date.now() - started).toBeLessThan(5_000);

    const client = caldavCalendar({ timeoutMs: 300, allowedHosts });
    const credentials: ProviderCredentials = {
      kind: 'caldav',
      serverUrl: urlOf(silent),
      username: 'a',
      password: 'b',
    };
    const event: CalendarEventPayload = {
      uid: 'x',
      summary: 'x',
      description: '',
      start: { dateTime: '2030-03-14T09:00:00', timeZone: 'UTC' },
      end: { dateTime: '2030-03-14T10:00:00', timeZone: 'UTC' },
      completed: false,
      url: 'http://127.0.0.1/app',
    };
    await expect(client.createEvent(credentials, `${urlOf(silent)}cal/`, event)).rejects.toMatchObject({
      kind: 'transient',
    });
  });

  it('does not follow a redirect out of http', async () => {
    const failure = await discoverCaldavCalendars(
      { serverUrl: urlOf(redirecting), username: 'a', password: 'b' },
      { allowedHosts },
    ).catch((error: unknown) => error);
    expect((failure as AppError).fields).toEqual({ serverUrl: messages.calendar.caldavUnreachable });
  });
});
