import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Temporal } from 'temporal-polyfill';
import type { FakeApiRequest } from './fake-google.ts';
import {
  createFakeOAuth,
  escapeHtml,
  failureQueue,
  readBody,
  sendHtml,
  sendJson,
  type TokenRequestRecord,
} from './fake-oauth.ts';

/**
 * A local stand-in for the Microsoft identity platform (v2.0 authorize and token endpoints) and the part
 * of Microsoft Graph we use (`/v1.0/me/events`), at one base URL: set MICROSOFT_AUTH_BASE and
 * MICROSOFT_API_BASE to `url` (the app appends `/oauth2/v2.0/authorize`, `/oauth2/v2.0/token` and
 * `/v1.0/me/events`, as to `https://login.microsoftonline.com/common` and `https://graph.microsoft.com`).
 * Refresh tokens rotate on every refresh, as Microsoft's do; its authorization answers carry no `iss`, as
 * Microsoft's v2.0 endpoint's do not. Each event's `webLink` is a page here.
 */

export interface FakeGraphEvent {
  id: string;
  subject: string;
  body: { contentType: string; content: string };
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  webLink: string;
  changeKey: string;
  /** Graph's patternedRecurrence of a series master; null on a single event. */
  recurrence: GraphRecurrenceBody | null;
}

export interface GraphRecurrenceBody {
  pattern: { type: string; interval: number; [field: string]: unknown };
  range: { type: string; startDate: string; recurrenceTimeZone?: string; [field: string]: unknown };
}

const patternTypes = [
  'daily',
  'weekly',
  'absoluteMonthly',
  'relativeMonthly',
  'absoluteYearly',
  'relativeYearly',
];

/** Graph's checks of a series: known pattern and range types, and a range that starts on the event's day. */
function recurrenceRefusal(body: Record<string, unknown>, start: FakeGraphEvent['start'] | undefined) {
  const recurrence = body.recurrence as GraphRecurrenceBody | null | undefined;
  if (!recurrence) return null;
  if (!patternTypes.includes(recurrence.pattern?.type) || !(recurrence.pattern.interval >= 1)) {
    return 'Recurrence pattern is invalid.';
  }
  if (!['noEnd', 'endDate', 'numbered'].includes(recurrence.range?.type))
    return 'Recurrence range is invalid.';
  if (recurrence.range.startDate !== start?.dateTime.slice(0, 10)) {
    return 'The start date of the recurrence range must match the start of the event.';
  }
  return null;
}

/**
 * The local days a series falls on from its range's start through `through`: daily and weekly patterns
 * (what the tests cancel occurrences of), written from Graph's documentation of patternedRecurrence,
 * independently of the app's own rule expansion. Other pattern types answer null.
 */
function seriesDays(recurrence: GraphRecurrenceBody, through: string): string[] | null {
  const { pattern, range } = recurrence;
  const dayMs = 86_400_000;
  const start = Date.parse(`${range.startDate}T00:00:00Z`) / dayMs;
  const endDate = typeof range.endDate === 'string' ? range.endDate : through;
  const last = Math.min(Date.parse(`${endDate}T00:00:00Z`), Date.parse(`${through}T00:00:00Z`)) / dayMs;
  const limit = range.type === 'numbered' ? Number(range.numberOfOccurrences) : Number.POSITIVE_INFINITY;
  const names = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  const days: string[] = [];
  for (let day = start; day <= last && days.length < limit; day++) {
    const date = new Date(day * dayMs);
    const offset = day - start;
    if (pattern.type === 'daily') {
      if (offset % pattern.interval !== 0) continue;
    } else if (pattern.type === 'weekly') {
      // Weeks start on Monday (firstDayOfWeek); every `interval` weeks from the range's first week.
      const monday = (value: number) => value - ((new Date(value * dayMs).getUTCDay() + 6) % 7);
      if (((monday(day) - monday(start)) / 7) % pattern.interval !== 0) continue;
      if (!(pattern.daysOfWeek as string[]).includes(names[date.getUTCDay()] ?? '')) continue;
    } else return null;
    days.push(date.toISOString().slice(0, 10));
  }
  return days;
}

export interface FakeMicrosoft {
  url: string;
  clientId: string;
  clientSecret: string;
  events(): FakeGraphEvent[];
  /** The days of a series whose occurrence was deleted. */
  cancelledDays(id: string): string[];
  /** Deletes an event as its owner would in Outlook itself. */
  removeEvent(id: string): void;
  apiRequests: FakeApiRequest[];
  tokenRequests: TokenRequestRecord[];
  /** Every access and refresh token handed out. */
  issuedTokens(): string[];
  revokeGrants(): void;
  expireAccessTokens(): void;
  /** The next `times` Graph requests answer `status`; a 429 carries `Retry-After: retryAfter`. */
  failNext(status: number, times?: number, retryAfter?: number): void;
  close(): Promise<void>;
}

const graphError = (code: string, message: string) => ({ error: { code, message } });

const failureCodes: Record<number, [string, string]> = {
  401: ['InvalidAuthenticationToken', 'Access token has expired or is not yet valid.'],
  429: ['ApplicationThrottled', 'Application is over its MailboxConcurrency limit.'],
  500: ['InternalServerError', 'An internal server error occurred.'],
  503: ['ServiceNotAvailable', 'The service is temporarily unavailable.'],
};

export async function startFakeMicrosoft(
  options: { accessTokenTtlSeconds?: number } = {},
): Promise<FakeMicrosoft> {
  const clientId = randomBytes(16).toString('hex');
  const clientSecret = randomBytes(16).toString('base64url');
  const oauth = createFakeOAuth(
    {
      clientId,
      clientSecret,
      rotateRefreshTokens: true,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    },
    'Microsoft',
    Date.now,
  );
  const store = new Map<string, FakeGraphEvent>();
  /** A series' deleted occurrences; a new pattern brings them back, as Graph may, so a client must redo them. */
  const cancelled = new Map<string, Set<string>>();
  const apiRequests: FakeApiRequest[] = [];
  const failures = failureQueue();
  let url = '';

  function merge(previous: FakeGraphEvent | undefined, body: Record<string, unknown>, id: string) {
    return {
      id,
      subject: String(body.subject ?? previous?.subject ?? ''),
      body: (body.body as FakeGraphEvent['body']) ?? previous?.body ?? { contentType: 'Text', content: '' },
      start: (body.start as FakeGraphEvent['start']) ?? previous?.start,
      end: (body.end as FakeGraphEvent['end']) ?? previous?.end,
      // PATCH semantics: a property sent (null included) replaces; one left out stays.
      recurrence:
        'recurrence' in body
          ? ((body.recurrence as GraphRecurrenceBody | null) ?? null)
          : (previous?.recurrence ?? null),
      webLink: `${url}/owa/?itemid=${encodeURIComponent(id)}&exvsurl=1&path=/calendar/item`,
      changeKey: randomBytes(8).toString('base64url'),
    } as FakeGraphEvent;
  }

  async function graph(request: IncomingMessage, response: ServerResponse, path: string) {
    const record: FakeApiRequest = { method: request.method ?? 'GET', path, status: 200 };
    apiRequests.push(record);
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      if (status === 204) {
        response.writeHead(204);
        response.end();
        return;
      }
      sendJson(response, status, body, headers);
    };
    const failure = failures.take();
    if (failure) {
      const [code, message] = failureCodes[failure.status] ?? ['FakeFailure', 'Fake failure'];
      answer(
        failure.status,
        graphError(code, message),
        failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) },
      );
      return;
    }
    if (!oauth.checkBearer(request.headers.authorization)) {
      answer(401, graphError('InvalidAuthenticationToken', 'Access token has expired or is not yet valid.'));
      return;
    }
    const instances = path.match(/^\/v1\.0\/me\/events\/([^/]+)\/instances$/);
    if (instances && request.method === 'GET') {
      answerInstances(request, decodeURIComponent(instances[1] ?? ''), answer);
      return;
    }
    const match = path.match(/^\/v1\.0\/me\/events(?:\/([^/]+))?$/);
    if (!match) {
      answer(404, graphError('UnknownError', 'Resource not found for the segment.'));
      return;
    }
    const id = match[1] ? decodeURIComponent(match[1]) : null;
    const text = await readBody(request);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (!id && request.method === 'POST') {
      if (!body.start || !body.end) {
        answer(400, graphError('ErrorInvalidRequest', 'Your request cannot be completed.'));
        return;
      }
      const refusal = recurrenceRefusal(body, body.start as FakeGraphEvent['start']);
      if (refusal) {
        answer(400, graphError('ErrorInvalidRequest', refusal));
        return;
      }
      const event = merge(undefined, body, `AAMk${randomBytes(18).toString('base64url')}=`);
      store.set(event.id, event);
      answer(201, { '@odata.etag': `W/"${event.changeKey}"`, ...event });
      return;
    }
    // An occurrence's id is its series' id and its day: deleting it cancels that day.
    const occurrence = id?.match(/^(.+)\.(\d{4}-\d{2}-\d{2})$/);
    if (occurrence && request.method === 'DELETE' && store.has(occurrence[1] ?? '')) {
      const days = cancelled.get(occurrence[1] ?? '') ?? new Set<string>();
      days.add(occurrence[2] ?? '');
      cancelled.set(occurrence[1] ?? '', days);
      answer(204, undefined);
      return;
    }
    const existing = id ? store.get(id) : undefined;
    if (!id || !existing) {
      answer(404, graphError('ErrorItemNotFound', 'The specified object was not found in the store.'));
      return;
    }
    if (request.method === 'GET') {
      answer(200, existing);
      return;
    }
    if (request.method === 'PATCH') {
      const refusal = recurrenceRefusal(body, (body.start as FakeGraphEvent['start']) ?? existing.start);
      if (refusal) {
        answer(400, graphError('ErrorInvalidRequest', refusal));
        return;
      }
      const event = merge(existing, body, id);
      store.set(id, event);
      if ('recurrence' in body) cancelled.delete(id);
      answer(200, { '@odata.etag': `W/"${event.changeKey}"`, ...event });
      return;
    }
    if (request.method === 'DELETE') {
      store.delete(id);
      answer(204, undefined);
      return;
    }
    answer(405, graphError('ErrorInvalidRequest', 'Method not allowed.'));
  }

  /**
   * GET …/events/{id}/instances?startDateTime&endDateTime: the series' occurrences starting in the window
   * (UTC instants), cancelled ones left out, times in the `Prefer: outlook.timezone` zone (UTC without it).
   */
  function answerInstances(
    request: IncomingMessage,
    id: string,
    answer: (status: number, body: unknown) => void,
  ) {
    const event = store.get(id);
    const query = new URL(request.url ?? '/', url).searchParams;
    const [from, to] = [query.get('startDateTime'), query.get('endDateTime')];
    if (!event)
      return answer(404, graphError('ErrorItemNotFound', 'The specified object was not found in the store.'));
    if (!from || !to)
      return answer(400, graphError('ErrorInvalidParameter', 'startDateTime and endDateTime are required.'));
    const days = event.recurrence ? seriesDays(event.recurrence, to.slice(0, 10)) : [];
    if (days === null)
      return answer(501, graphError('NotImplemented', 'This fake expands daily and weekly series only.'));
    const zone = /outlook\.timezone="([^"]+)"/.exec(String(request.headers.prefer ?? ''))?.[1] ?? 'UTC';
    const [fromMs, toMs] = [Date.parse(from), Date.parse(to)];
    const at = (day: string, dateTime: string, eventZone: string) =>
      Temporal.PlainDateTime.from(`${day}T${dateTime.slice(11, 19)}`).toZonedDateTime(eventZone);
    const value = days.flatMap((day) => {
      if (cancelled.get(id)?.has(day)) return [];
      const start = at(day, event.start.dateTime, event.start.timeZone);
      if (start.epochMilliseconds < fromMs || start.epochMilliseconds >= toMs) return [];
      const end = start.add(
        Temporal.PlainDateTime.from(event.end.dateTime).since(
          Temporal.PlainDateTime.from(event.start.dateTime),
        ),
      );
      const shown = (instant: Temporal.ZonedDateTime) => ({
        dateTime: `${instant.withTimeZone(zone).toPlainDateTime().toString({ smallestUnit: 'second' })}.0000000`,
        timeZone: zone,
      });
      return [
        { id: `${id}.${day}`, type: 'occurrence', seriesMasterId: id, start: shown(start), end: shown(end) },
      ];
    });
    return answer(200, { value });
  }

  function eventPage(response: ServerResponse, id: string) {
    const event = store.get(id);
    if (!event) {
      sendHtml(response, 404, 'Item not found', '<h1>The item may have been deleted</h1>');
      return;
    }
    sendHtml(
      response,
      200,
      `${event.subject} - Outlook`,
      `<main><h1>${escapeHtml(event.subject)}</h1><p>Starts ${escapeHtml(event.start.dateTime)} (${escapeHtml(
        event.start.timeZone,
      )})</p><p>Ends ${escapeHtml(event.end.dateTime)}</p><pre>${escapeHtml(event.body.content)}</pre></main>`,
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const requestUrl = new URL(request.url ?? '/', url);
    const path = requestUrl.pathname;
    if (path === '/oauth2/v2.0/authorize') return oauth.authorize(request, response, requestUrl);
    if (path === '/oauth2/v2.0/token' && request.method === 'POST') return oauth.token(request, response);
    if (path === '/owa/') return eventPage(response, requestUrl.searchParams.get('itemid') ?? '');
    if (path.startsWith('/v1.0/')) return graph(request, response, path);
    sendJson(response, 404, graphError('UnknownError', 'Not found'));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) =>
      sendJson(response, 500, graphError('InternalServerError', error.message)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    events: () => [...store.values()],
    cancelledDays: (id) => [...(cancelled.get(id) ?? [])].sort(),
    removeEvent: (id) => {
      store.delete(id);
    },
    apiRequests,
    tokenRequests: oauth.tokenRequests,
    issuedTokens: oauth.issuedTokens,
    revokeGrants: oauth.revokeGrants,
    expireAccessTokens: oauth.expireAccessTokens,
    failNext: (status, times = 1, retryAfter) => failures.add(status, times, retryAfter),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
