import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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
 * A local stand-in for Google's OAuth 2.0 endpoints and the part of Calendar API v3 we use, at one base
 * URL: set GOOGLE_AUTH_BASE, GOOGLE_TOKEN_BASE and GOOGLE_API_BASE all to `url` (the app appends
 * `/o/oauth2/v2/auth`, `/token`, `/revoke` and `/calendar/v3/...`, as to Google's real hosts).
 *
 *   const google = await startFakeGoogle();
 *   env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret,
 *          GOOGLE_AUTH_BASE: google.url, GOOGLE_TOKEN_BASE: google.url, GOOGLE_API_BASE: google.url }
 *
 * The consent page has real `Allow` and `Deny` buttons and its answers name the issuer (`iss`, this URL)
 * as Google's do; the token endpoint checks the PKCE verifier; a client-chosen event `id` is kept (409
 * when taken, as Google answers); each event's `htmlLink` is a page here, so `View Event` opens
 * something.
 */

export interface FakeGoogleEvent {
  calendarId: string;
  id: string;
  status: 'confirmed' | 'cancelled';
  summary: string;
  description: string;
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
  htmlLink: string;
  etag: string;
  updated: string;
  /** A recurring event's RRULE / EXDATE lines, as sent; absent on a single event. */
  recurrence?: string[];
}

export interface FakeApiRequest {
  method: string;
  path: string;
  status: number;
}

export interface FakeGoogle {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Live (not deleted) events, every calendar. */
  events(): FakeGoogleEvent[];
  /** Every Calendar API request, in order, with the status answered. */
  apiRequests: FakeApiRequest[];
  tokenRequests: TokenRequestRecord[];
  /** Every access and refresh token handed out. */
  issuedTokens(): string[];
  /** How many tokens were revoked through the revocation endpoint. */
  revocations(): number;
  /** Revokes every grant: refreshes answer invalid_grant and access tokens stop working. */
  revokeGrants(): void;
  /** Every access token issued so far is expired (the next API call answers 401). */
  expireAccessTokens(): void;
  /** The next `times` Calendar API requests answer `status`; a 429 carries `Retry-After: retryAfter`. */
  failNext(status: number, times?: number, retryAfter?: number): void;
  close(): Promise<void>;
}

const eventIdPattern = /^[a-v0-9]{5,1024}$/;

const googleError = (status: number, message: string) => ({
  error: { code: status, message, errors: [{ message, domain: 'global', reason: 'fake' }] },
});

const failureMessages: Record<number, string> = {
  401: 'Invalid Credentials',
  403: 'The request is missing a valid API key.',
  429: 'Rate Limit Exceeded',
  500: 'Backend Error',
  503: 'The service is currently unavailable.',
};

export async function startFakeGoogle(options: { accessTokenTtlSeconds?: number } = {}): Promise<FakeGoogle> {
  const clientId = `fake-google-${randomBytes(6).toString('hex')}.apps.googleusercontent.com`;
  const clientSecret = randomBytes(16).toString('hex');
  const oauth = createFakeOAuth(
    {
      clientId,
      clientSecret,
      rotateRefreshTokens: false,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
      // Google names itself on its authorization responses (its issuer is its auth base: this fake).
      issuer: () => url,
    },
    'Google',
    Date.now,
  );
  const store = new Map<string, FakeGoogleEvent>();
  const apiRequests: FakeApiRequest[] = [];
  const failures = failureQueue();
  let url = '';

  const key = (calendarId: string, id: string) => `${calendarId}\n${id}`;

  function fromBody(body: Record<string, unknown>, calendarId: string, id: string): FakeGoogleEvent {
    const stamp = new Date().toISOString();
    return {
      calendarId,
      id,
      status: 'confirmed',
      summary: String(body.summary ?? ''),
      description: String(body.description ?? ''),
      start: body.start as FakeGoogleEvent['start'],
      end: body.end as FakeGoogleEvent['end'],
      ...(Array.isArray(body.recurrence) ? { recurrence: body.recurrence.map(String) } : {}),
      htmlLink: `${url}/calendar/event?eid=${Buffer.from(key(calendarId, id)).toString('base64url')}`,
      etag: `"${randomBytes(8).toString('hex')}"`,
      updated: stamp,
    };
  }

  /** Google's refusals of a recurring event: lines other than RRULE/EXDATE/RDATE, or a start without a zone. */
  function recurrenceRefusal(body: Record<string, unknown>): string | null {
    if (body.recurrence === undefined) return null;
    const lines = body.recurrence;
    if (
      !Array.isArray(lines) ||
      !lines.every((line) => /^(RRULE|EXRULE|RDATE|EXDATE)[;:]/.test(String(line)))
    ) {
      return 'Invalid recurrence rule.';
    }
    const start = body.start as FakeGoogleEvent['start'] | undefined;
    const end = body.end as FakeGoogleEvent['end'] | undefined;
    if (!start?.timeZone || !end?.timeZone) return 'Missing time zone definition for start time.';
    return null;
  }

  async function calendarApi(request: IncomingMessage, response: ServerResponse, path: string) {
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
      answer(
        failure.status,
        googleError(failure.status, failureMessages[failure.status] ?? 'Fake failure'),
        failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) },
      );
      return;
    }
    if (!oauth.checkBearer(request.headers.authorization)) {
      answer(401, googleError(401, 'Invalid Credentials'));
      return;
    }
    const match = path.match(/^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/);
    if (!match) {
      answer(404, googleError(404, 'Not Found'));
      return;
    }
    const calendarId = decodeURIComponent(match[1] ?? '');
    const eventId = match[2] ? decodeURIComponent(match[2]) : null;
    const text = await readBody(request);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};

    if (!eventId && request.method === 'POST') {
      const id = typeof body.id === 'string' ? body.id : randomBytes(13).toString('hex');
      if (!eventIdPattern.test(id)) {
        answer(400, googleError(400, 'Invalid resource id value.'));
        return;
      }
      if (store.has(key(calendarId, id))) {
        answer(409, googleError(409, 'The requested identifier already exists.'));
        return;
      }
      if (!body.start || !body.end) {
        answer(400, googleError(400, 'Missing end time.'));
        return;
      }
      const refusal = recurrenceRefusal(body);
      if (refusal) {
        answer(400, googleError(400, refusal));
        return;
      }
      const event = fromBody(body, calendarId, id);
      store.set(key(calendarId, id), event);
      answer(200, { kind: 'calendar#event', ...event });
      return;
    }
    const existing = eventId ? store.get(key(calendarId, eventId)) : undefined;
    if (!eventId || !existing) {
      answer(404, googleError(404, 'Not Found'));
      return;
    }
    if (existing.status === 'cancelled') {
      // Google keeps deleted events as cancelled: a second delete is 410 Gone.
      answer(request.method === 'DELETE' ? 410 : 404, googleError(410, 'Resource has been deleted'));
      return;
    }
    if (request.method === 'GET') {
      answer(200, { kind: 'calendar#event', ...existing });
      return;
    }
    if (request.method === 'PUT') {
      const refusal = recurrenceRefusal(body);
      if (refusal) {
        answer(400, googleError(400, refusal));
        return;
      }
      const event = fromBody(body, calendarId, eventId);
      store.set(key(calendarId, eventId), event);
      answer(200, { kind: 'calendar#event', ...event });
      return;
    }
    if (request.method === 'DELETE') {
      existing.status = 'cancelled';
      answer(204, undefined);
      return;
    }
    answer(405, googleError(405, 'Method Not Allowed'));
  }

  function eventPage(response: ServerResponse, eid: string) {
    const event = store.get(Buffer.from(eid, 'base64url').toString('utf8'));
    if (!event || event.status === 'cancelled') {
      sendHtml(response, 404, 'Event not found', '<h1>Could not find the requested event</h1>');
      return;
    }
    sendHtml(
      response,
      200,
      `${event.summary} - Google Calendar`,
      `<main><h1>${escapeHtml(event.summary)}</h1><p>Starts ${escapeHtml(event.start.dateTime)} (${escapeHtml(
        event.start.timeZone ?? '',
      )})</p><p>Ends ${escapeHtml(event.end.dateTime)}</p><pre>${escapeHtml(event.description)}</pre></main>`,
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const requestUrl = new URL(request.url ?? '/', url);
    const path = requestUrl.pathname;
    if (path === '/o/oauth2/v2/auth') return oauth.authorize(request, response, requestUrl);
    if (path === '/token' && request.method === 'POST') return oauth.token(request, response);
    if (path === '/revoke' && request.method === 'POST') return oauth.revoke(request, response);
    if (path === '/calendar/event') return eventPage(response, requestUrl.searchParams.get('eid') ?? '');
    if (path.startsWith('/calendar/v3/')) return calendarApi(request, response, path);
    sendJson(response, 404, googleError(404, 'Not Found'));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) =>
      sendJson(response, 500, googleError(500, error.message)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    events: () => [...store.values()].filter((event) => event.status !== 'cancelled'),
    apiRequests,
    tokenRequests: oauth.tokenRequests,
    issuedTokens: oauth.issuedTokens,
    revocations: oauth.revocations,
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
