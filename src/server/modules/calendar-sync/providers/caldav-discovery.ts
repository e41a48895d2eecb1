import { parse } from 'tldts';
import { type DAVCalendar, DAVClient, ensureTrailingSlash } from 'tsdav';
import { messages } from '../../../../shared/messages.ts';
import type { CaldavCalendar, CaldavCredentials } from '../../../../shared/schemas/calendar-sync.ts';
import { badRequest } from '../../../app-error.ts';
import type { CaldavAddressPolicy } from './caldav-dispatcher.ts';
import { caldavFetch } from './caldav-fetch.ts';

/**
 * Signing in to a CalDAV server the user names and listing the calendars that can hold events, with
 * tsdav (`new DAVClient(…)` + `login()`: well-known discovery, principal, calendar home). Every request
 * goes through caldavFetch (http/https only, public addresses unless CALDAV_ALLOWED_HOSTS says otherwise,
 * short deadlines, capped answers), and the whole sign-in has one deadline too, so a server that answers
 * slowly on purpose holds a request for seconds, not minutes.
 */

export const discoveryRequestTimeoutMs = 5_000;
export const discoveryTimeoutMs = 15_000;

const m = messages.calendar;

/** The form of a calendar URL we compare and store: absolute, normalized, with a trailing slash. */
export function normalCalendarUrl(url: string): string {
  return new URL(ensureTrailingSlash(url)).href;
}

/**
 * Whether a calendar URL belongs to the CalDAV server's own site: the same scheme and port, and the same
 * host, or (for host names, never IP addresses) the same registrable domain by the Public Suffix List.
 * Syncing PUTs the user's text to the calendar URL, so one on another site would let a server (or a
 * forged form) aim our writes anywhere. Same origin alone would be stricter, but it breaks iCloud, whose
 * sign-in host (caldav.icloud.com) lists calendars on per-account hosts (p42-caldav.icloud.com); a
 * server can only ever point us at its own domain, and every address is still checked at connect time.
 */
export function onServerSite(calendarUrl: string, serverUrl: string): boolean {
  let calendar: URL;
  let server: URL;
  try {
    calendar = new URL(calendarUrl);
    server = new URL(serverUrl);
  } catch {
    return false;
  }
  if (calendar.origin === server.origin) return true;
  if (calendar.protocol !== server.protocol || calendar.port !== server.port) return false;
  const site = (host: string) => {
    const parsed = parse(host, { allowPrivateDomains: true });
    return parsed.isIp ? null : parsed.domain;
  };
  const calendarSite = site(calendar.hostname);
  return calendarSite !== null && calendarSite === site(server.hostname);
}

function displayNameOf(calendar: DAVCalendar): string {
  // xml-js hands back numbers for numeric text and objects for odd markup; the URL's last segment
  // names a calendar without a usable display name.
  const raw = calendar.displayName;
  const name = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  if (name) return name;
  const segments = new URL(calendar.url).pathname.split('/').filter(Boolean);
  return decodeURIComponent(segments.at(-1) ?? calendar.url);
}

const holdsEvents = (calendar: DAVCalendar) =>
  !calendar.components || calendar.components.length === 0 || calendar.components.includes('VEVENT');

/**
 * The calendars of the account that accept VEVENTs, in the server's order. Errors are the form's field
 * errors: an address we may not call, nothing answering, or no CalDAV server there all read the same on
 * `serverUrl` (so the form cannot map a network), a refused sign-in on `password`, an account without
 * event calendars on the server's own site on `serverUrl`.
 */
export async function discoverCaldavCalendars(
  credentials: CaldavCredentials,
  options: { requestTimeoutMs?: number; timeoutMs?: number } & CaldavAddressPolicy = {},
): Promise<CaldavCalendar[]> {
  let refused = false;
  const deadline = AbortSignal.timeout(options.timeoutMs ?? discoveryTimeoutMs);
  const request = caldavFetch({
    allowedHosts: options.allowedHosts,
    lookup: options.lookup,
    timeoutMs: options.requestTimeoutMs ?? discoveryRequestTimeoutMs,
    onStatus: (status) => {
      if (status === 401) refused = true;
    },
  });
  const client = new DAVClient({
    serverUrl: credentials.serverUrl,
    credentials: { username: credentials.username, password: credentials.password },
    authMethod: 'Basic',
    defaultAccountType: 'caldav',
    fetch: (input, init) => request(input, { ...init, signal: deadline }),
  });

  let calendars: DAVCalendar[];
  try {
    await client.login();
    calendars = await client.fetchCalendars();
  } catch {
    // tsdav's own errors are prose; what the server answered is the reliable signal.
    if (refused) throw badRequest(m.caldavRejected, { password: m.caldavRejected });
    throw badRequest(m.caldavUnreachable, { serverUrl: m.caldavUnreachable });
  }

  const found = calendars
    .filter((calendar) => holdsEvents(calendar) && onServerSite(calendar.url, credentials.serverUrl))
    .map((calendar) => ({ url: normalCalendarUrl(calendar.url), displayName: displayNameOf(calendar) }));
  if (found.length === 0) throw badRequest(m.caldavNoCalendars, { serverUrl: m.caldavNoCalendars });
  return found;
}

/** `user@host` for the integration list: whose calendar, on which server. */
export function caldavAccountLabel(credentials: CaldavCredentials): string {
  return `${credentials.username}@${new URL(credentials.serverUrl).host}`;
}
