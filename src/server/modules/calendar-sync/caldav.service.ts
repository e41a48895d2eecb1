import { randomUUID } from 'node:crypto';
import { messages } from '../../../shared/messages.ts';
import type {
  CaldavCredentials,
  CaldavDiscovery,
  CalendarIntegration,
  ConnectCaldavBody,
} from '../../../shared/schemas/calendar-sync.ts';
import { badRequest } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import {
  type IntegrationRow,
  insertIntegration,
  listIntegrations,
  updateIntegration,
} from './calendar-sync.repo.ts';
import { toIntegration } from './connections.service.ts';
import { sealCredentials } from './credentials.ts';
import {
  caldavAccountLabel,
  discoverCaldavCalendars,
  normalCalendarUrl,
  onServerSite,
} from './providers/caldav-discovery.ts';

const m = messages.calendar;

export async function discoverCaldav(
  deps: AppDeps,
  credentials: CaldavCredentials,
): Promise<CaldavDiscovery> {
  const allowedHosts = deps.config.CALDAV_ALLOWED_HOSTS;
  return { calendars: await discoverCaldavCalendars(credentials, { allowedHosts }) };
}

function sameUrl(a: string, b: string): boolean {
  try {
    return normalCalendarUrl(a) === normalCalendarUrl(b);
  } catch {
    return false;
  }
}

/**
 * Connects one calendar of a CalDAV account. The server is asked again (the browser's list is not
 * trusted: the calendar URL we will write to must be on the server's site and one this account's
 * server listed), then the
 * server URL, user name and app password are stored sealed. Connecting a calendar already connected
 * (after its app password changed, status `reconnect`) renews that integration, so its synced tasks
 * keep their events.
 */
export async function connectCaldav(
  deps: AppDeps,
  userId: string,
  body: ConnectCaldavBody,
): Promise<CalendarIntegration> {
  const credentials = { serverUrl: body.serverUrl, username: body.username, password: body.password };
  // Refused before the server is asked anything: the calendar we would write to is on its site only.
  if (!onServerSite(body.calendarUrl, body.serverUrl)) {
    throw badRequest(m.caldavNoCalendars, { calendarUrl: m.caldavNoCalendars });
  }
  const allowedHosts = deps.config.CALDAV_ALLOWED_HOSTS;
  const calendars = await discoverCaldavCalendars(credentials, { allowedHosts });
  const calendar = calendars.find((candidate) => sameUrl(candidate.url, body.calendarUrl));
  if (!calendar) throw badRequest(m.caldavNoCalendars, { calendarUrl: m.caldavNoCalendars });

  const { db } = deps.database;
  const stamp = deps.now().toISOString();
  const accountLabel = caldavAccountLabel(credentials);
  const sealed = sealCredentials(deps, { kind: 'caldav', ...credentials });
  const existing = (await listIntegrations(db, userId)).find(
    (row) =>
      row.provider === 'caldav' && row.calendar_id === calendar.url && row.account_label === accountLabel,
  );
  if (existing) {
    const renewed = await updateIntegration(db, userId, existing.id, {
      credentials_sealed: sealed,
      credentials_version: existing.credentials_version + 1,
      calendar_name: calendar.displayName,
      status: 'connected',
      is_active: 1,
      time_zone: body.timeZone ?? existing.time_zone,
      updated_at: stamp,
    });
    if (renewed) return toIntegration(renewed);
  }

  const row: IntegrationRow = {
    id: randomUUID(),
    user_id: userId,
    provider: 'caldav',
    calendar_id: calendar.url,
    calendar_name: calendar.displayName,
    account_label: accountLabel,
    is_active: 1,
    status: 'connected',
    credentials_sealed: sealed,
    credentials_version: 0,
    token_expires_at: null,
    time_zone: body.timeZone ?? 'UTC',
    created_at: stamp,
    updated_at: stamp,
  };
  await insertIntegration(db, row);
  return toIntegration(row);
}
