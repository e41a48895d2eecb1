import { z } from 'zod';
import { isValidTimeZone } from '../domain/time-zone.ts';

/**
 * Connected calendars (docs/calendar-sync.md): Google and Outlook over OAuth 2.0, and any CalDAV server. Tokens and
 * CalDAV passwords never leave the server, so no schema here has a field for them in an answer.
 */
export const calendarProviderSchema = z.enum(['google', 'outlook', 'caldav']);
export type CalendarProvider = z.infer<typeof calendarProviderSchema>;
export const oauthProviderSchema = z.enum(['google', 'outlook']);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

/**
 * One connected calendar. `status` is `reconnect` when the provider refused our credentials (a revoked
 * grant, a changed app password): the integration is then inactive until connected again.
 */
export const calendarIntegrationSchema = z.object({
  id: z.uuid(),
  provider: calendarProviderSchema,
  /** The provider's calendar id (`primary` for Google's default, the calendar URL for CalDAV). */
  calendarId: z.string().nullable(),
  /** Shown in the task menu; null shows `Default calendar`. */
  calendarName: z.string().nullable(),
  /** Who the calendar belongs to, when the provider says (an e-mail, a CalDAV user@host). */
  accountLabel: z.string().nullable(),
  isActive: z.boolean(),
  status: z.enum(['connected', 'reconnect']),
  createdAt: z.string(),
});
export type CalendarIntegration = z.infer<typeof calendarIntegrationSchema>;

/** GET /api/calendar/integrations: the user's calendars, and which OAuth providers this server offers. */
export const calendarIntegrationsSchema = z.object({
  integrations: z.array(calendarIntegrationSchema),
  /** Google/Outlook are offered only when their OAuth app is configured; CalDAV always. */
  providers: z.object({ google: z.boolean(), outlook: z.boolean(), caldav: z.boolean() }),
});
export type CalendarIntegrations = z.infer<typeof calendarIntegrationsSchema>;

/**
 * The user's IANA time zone, which events are written in: the client sends
 * `Intl.DateTimeFormat().resolvedOptions().timeZone` when connecting and on every sync; the server keeps
 * the latest on the integration (propagated updates use it). Absent: the one stored, else UTC.
 */
export const timeZoneField = z.string().max(64).refine(isValidTimeZone, { error: 'Unknown time zone' });

/** POST /api/calendar/oauth/start → the provider's consent page, with PKCE and a single-use state. */
export const oauthStartBodySchema = z.object({
  provider: oauthProviderSchema,
  timeZone: timeZoneField.optional(),
});
export type OAuthStartBody = z.infer<typeof oauthStartBodySchema>;
export const oauthStartSchema = z.object({ authorizationUrl: z.string() });
export type OAuthStart = z.infer<typeof oauthStartSchema>;

/**
 * POST /api/calendar/oauth/callback with what the provider put on its callback path (domain/
 * oauth-callback.ts): `provider` is the path's, `iss` the issuer the provider named (RFC 9207), when it
 * names one. A provider `error` never reaches the server: the callback screen shows `OAuth error: {error}`
 * itself.
 */
export const oauthCallbackBodySchema = z.object({
  provider: oauthProviderSchema,
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(512),
  iss: z.string().min(1).max(2048).optional(),
});
export type OAuthCallbackBody = z.infer<typeof oauthCallbackBodySchema>;

/** POST /api/calendar/caldav/discover: sign in to a CalDAV server and list its calendars. */
export const caldavCredentialsSchema = z.object({
  serverUrl: z.url({ protocol: /^https?$/ }).max(2048),
  username: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type CaldavCredentials = z.infer<typeof caldavCredentialsSchema>;
export const caldavCalendarSchema = z.object({ url: z.string(), displayName: z.string() });
export type CaldavCalendar = z.infer<typeof caldavCalendarSchema>;
export const caldavDiscoverySchema = z.object({ calendars: z.array(caldavCalendarSchema) });
export type CaldavDiscovery = z.infer<typeof caldavDiscoverySchema>;

/** POST /api/calendar/caldav: connect one of the discovered calendars (checked again on the server). */
export const connectCaldavBodySchema = caldavCredentialsSchema.extend({
  calendarUrl: z.string().min(1).max(2048),
  timeZone: timeZoneField.optional(),
});
export type ConnectCaldavBody = z.infer<typeof connectCaldavBodySchema>;

/** PATCH /api/calendar/integrations/:id */
export const updateIntegrationBodySchema = z.object({ isActive: z.boolean() });
export type UpdateIntegrationBody = z.infer<typeof updateIntegrationBodySchema>;

/**
 * A task's event on one connected calendar. `pending` while a change waits to reach the provider,
 * `failed` with the provider's message (or `Failed to sync with calendar`) until a retry succeeds.
 */
export const taskCalendarEventSchema = z.object({
  integrationId: z.uuid(),
  provider: calendarProviderSchema,
  calendarName: z.string().nullable(),
  eventId: z.string(),
  eventUrl: z.string().nullable(),
  syncStatus: z.enum(['synced', 'pending', 'failed']),
  lastSyncedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type TaskCalendarEvent = z.infer<typeof taskCalendarEventSchema>;

/** GET /api/tasks/:id/calendar-events */
export const taskCalendarEventsSchema = z.object({ events: z.array(taskCalendarEventSchema) });
export type TaskCalendarEvents = z.infer<typeof taskCalendarEventsSchema>;

/** POST /api/tasks/:id/calendar-events: the first sync runs in the request, so the answer has the link. */
export const syncTaskBodySchema = z.object({ integrationId: z.uuid(), timeZone: timeZoneField.optional() });
export type SyncTaskBody = z.infer<typeof syncTaskBodySchema>;
