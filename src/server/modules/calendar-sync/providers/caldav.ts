import { createObject, deleteObject, ensureTrailingSlash, getBasicAuthHeaders, updateObject } from 'tsdav';
import { messages } from '../../../../shared/messages.ts';
import { onServerSite } from './caldav-discovery.ts';
import type { CaldavAddressPolicy } from './caldav-dispatcher.ts';
import { caldavEventIcs } from './caldav-event.ts';
import { CaldavAddressError, caldavFetch } from './caldav-fetch.ts';
import {
  type CalendarEventPayload,
  type CalendarProviderClient,
  type ProviderCredentials,
  ProviderError,
  type ProviderEventRef,
} from './provider.ts';

/**
 * CalDAV (RFC 4791) over tsdav's request helpers: one PUT or DELETE per change, no discovery (the
 * calendar URL was found when the user connected). As in cal.com's CalDAV service: the object is named
 * `<uid>.ics`, so a retried create lands on the same resource; a create sends `If-None-Match: *` and a
 * 412 means our earlier attempt got there, so it becomes an update; updates and deletes send the ETag.
 * The task is the source of truth, so an ETag gone stale (the event was edited in a calendar app)
 * is answered by writing again over whatever is there.
 */

type Operation = 'create' | 'update' | 'delete';

const fallback: Record<Operation, string> = {
  create: messages.calendar.createEventFailed,
  update: messages.calendar.updateEventFailed,
  delete: messages.calendar.deleteEventFailed,
};

function authOf(credentials: ProviderCredentials): Record<string, string> {
  if (credentials.kind !== 'caldav') throw new ProviderError('auth', messages.calendar.unsupportedProvider);
  return getBasicAuthHeaders(credentials);
}

/**
 * Connecting keeps a calendar on its server's site (onServerSite); checked again before every write, so a row stored
 * before that rule (or changed in the database) cannot aim a PUT or DELETE at another host.
 */
function assertOnServer(credentials: ProviderCredentials, calendarUrl: string, operation: Operation): void {
  if (credentials.kind === 'caldav' && !onServerSite(calendarUrl, credentials.serverUrl)) {
    throw new ProviderError('rejected', fallback[operation]);
  }
}

/** `<calendar>/<uid>.ics`; the UID is encoded so no character of it can leave the calendar's path. */
export function caldavObjectUrl(calendarUrl: string, uid: string): string {
  return new URL(`${encodeURIComponent(uid)}.ics`, ensureTrailingSlash(calendarUrl)).href;
}

/**
 * The object a stored event id names: our own URL inside the calendar, else (an id that is not such a
 * URL) read as a UID, so a stored id can never point a DELETE outside the calendar.
 */
export function storedObjectUrl(calendarUrl: string, eventId: string): string {
  const calendar = new URL(ensureTrailingSlash(calendarUrl)).href;
  const parsed = URL.canParse(eventId) ? new URL(eventId).href : null;
  return parsed?.startsWith(calendar) ? parsed : caldavObjectUrl(calendarUrl, eventId);
}

function retryAfterMs(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** The engine's verdict on an answer that is not a success (412 and 404 are handled by the caller). */
function failure(response: Response, operation: Operation): ProviderError {
  const { status } = response;
  if (status === 401 || status === 403) return new ProviderError('auth', messages.calendar.reconnect);
  if (status === 429) return new ProviderError('rate_limited', fallback[operation], retryAfterMs(response));
  if (status >= 500) return new ProviderError('transient', fallback[operation], retryAfterMs(response));
  return new ProviderError('rejected', fallback[operation]);
}

/** Network failures and timeouts are worth a retry; an address we refuse to call is not. */
async function send(operation: Operation, request: () => Promise<Response>): Promise<Response> {
  try {
    const response = await request();
    // Only the status and headers matter; reading the (capped) body frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    return response;
  } catch (error) {
    if (error instanceof CaldavAddressError) throw new ProviderError('rejected', fallback[operation]);
    throw new ProviderError('transient', fallback[operation]);
  }
}

/** The iCalendar text; an event `ics` refuses fails the same way on every retry, so it is `rejected`. */
function icsOf(event: CalendarEventPayload, operation: Operation): string {
  try {
    return caldavEventIcs(event);
  } catch {
    throw new ProviderError('rejected', fallback[operation]);
  }
}

function eventRef(url: string, response: Response): ProviderEventRef {
  // No link a browser could open: a CalDAV object is raw iCalendar behind the user's password.
  return { eventId: url, eventUrl: null, etag: response.headers.get('etag') };
}

export function caldavCalendar(
  options: { timeoutMs?: number } & CaldavAddressPolicy = {},
): CalendarProviderClient {
  const request = caldavFetch({
    timeoutMs: options.timeoutMs,
    allowedHosts: options.allowedHosts,
    lookup: options.lookup,
  });

  const put = (
    credentials: ProviderCredentials,
    url: string,
    event: CalendarEventPayload,
    etag: string | null,
  ) =>
    send('update', () =>
      updateObject({
        url,
        data: icsOf(event, 'update'),
        etag: etag ?? undefined,
        headers: { ...authOf(credentials), 'content-type': 'text/calendar; charset=utf-8' },
        fetch: request,
      }),
    );

  /** The object's current ETag, or null when it is gone (deleted in a calendar app). */
  const currentEtag = async (credentials: ProviderCredentials, url: string): Promise<string | null> => {
    const response = await send('update', () =>
      request(url, { method: 'HEAD', headers: authOf(credentials) }),
    );
    if (response.status === 404 || response.status === 410) return null;
    if (!response.ok) throw failure(response, 'update');
    // A server that sends no ETag gets an unconditional write.
    return response.headers.get('etag') ?? '';
  };

  /**
   * PUT with the ETag we know. When it is stale (412) or unknown, the object is looked up first: gone is
   * `not_found` (the engine decides whether to create it again), there is overwritten with its own ETag.
   * Radicale does not honour `If-Match: *`, hence the lookup.
   */
  const update = async (
    credentials: ProviderCredentials,
    url: string,
    event: CalendarEventPayload,
    etag: string | null,
  ): Promise<ProviderEventRef> => {
    let response = etag ? await put(credentials, url, event, etag) : null;
    if (!response || response.status === 412) {
      const current = await currentEtag(credentials, url);
      if (current === null) throw new ProviderError('not_found', messages.calendar.updateEventFailed);
      response = await put(credentials, url, event, current || null);
      // Changed again between the lookup and the write: the next attempt starts over.
      if (response.status === 412) throw new ProviderError('transient', messages.calendar.updateEventFailed);
    }
    if (response.status === 404 || response.status === 410) {
      throw new ProviderError('not_found', messages.calendar.updateEventFailed);
    }
    if (!response.ok) throw failure(response, 'update');
    return eventRef(url, response);
  };

  return {
    async createEvent(credentials, calendarId, event) {
      const auth = authOf(credentials);
      assertOnServer(credentials, calendarId, 'create');
      const url = caldavObjectUrl(calendarId, event.uid);
      const data = icsOf(event, 'create');
      const response = await send('create', () =>
        createObject({
          url,
          data,
          headers: { ...auth, 'content-type': 'text/calendar; charset=utf-8', 'if-none-match': '*' },
          fetch: request,
        }),
      );
      // 412: the object exists, most likely from our own attempt whose answer was lost.
      if (response.status === 412) return update(credentials, url, event, null);
      if (!response.ok) throw failure(response, 'create');
      return eventRef(url, response);
    },

    async updateEvent(credentials, calendarId, ref, event) {
      // Our own objects are named by UID; a ref from elsewhere would not be trusted to pick the URL.
      assertOnServer(credentials, calendarId, 'update');
      return update(credentials, caldavObjectUrl(calendarId, event.uid), event, ref.etag);
    },

    async deleteEvent(credentials, calendarId, ref) {
      const headers = authOf(credentials);
      assertOnServer(credentials, calendarId, 'delete');
      const url = storedObjectUrl(calendarId, ref.eventId);
      const remove = (etag: string | null) =>
        send('delete', () => deleteObject({ url, etag: etag ?? undefined, headers, fetch: request }));
      let response = await remove(ref.etag);
      if (response.status === 412 && ref.etag) response = await remove(null);
      if (response.ok || response.status === 404 || response.status === 410) return;
      throw failure(response, 'delete');
    },
  };
}
