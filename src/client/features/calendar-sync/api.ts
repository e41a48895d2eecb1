import { z } from 'zod';
import {
  type CaldavCredentials,
  type CaldavDiscovery,
  type CalendarIntegration,
  type CalendarIntegrations,
  type ConnectCaldavBody,
  caldavDiscoverySchema,
  calendarIntegrationSchema,
  calendarIntegrationsSchema,
  type OAuthCallbackBody,
  type OAuthProvider,
  type OAuthStart,
  oauthStartSchema,
  type TaskCalendarEvent,
  type TaskCalendarEvents,
  taskCalendarEventSchema,
  taskCalendarEventsSchema,
} from '../../../shared/schemas/calendar-sync.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { browserTimeZone } from '../../lib/browser-time-zone.ts';

/** The connected-calendars API (src/shared/schemas/calendar-sync.ts names every endpoint and shape). */

// Answers whose body the client never reads (a delete, the callback's saved row) are not parsed, so a
// harmless change of their shape on the server cannot turn a success into an error here.
const ignored = z.unknown();
// POST /api/calendar/caldav answers 201 `{ integration }` (the OAuth callback answers the same shape).
const connectedSchema = z.object({ integration: calendarIntegrationSchema });

export const calendarSyncKeys = {
  integrations: ['calendar-sync', 'integrations'] as const,
  taskEvents: (taskId: string) => ['calendar-sync', 'task-events', taskId] as const,
};

export const calendarSyncApi = {
  integrations: (signal?: AbortSignal): Promise<CalendarIntegrations> =>
    apiRequest('/api/calendar/integrations', calendarIntegrationsSchema, { signal }),
  startOAuth: (provider: OAuthProvider): Promise<OAuthStart> =>
    apiRequest('/api/calendar/oauth/start', oauthStartSchema, {
      method: 'POST',
      body: { provider, timeZone: browserTimeZone() },
    }),
  finishOAuth: (body: OAuthCallbackBody): Promise<unknown> =>
    apiRequest('/api/calendar/oauth/callback', ignored, { method: 'POST', body }),
  discoverCaldav: (body: CaldavCredentials): Promise<CaldavDiscovery> =>
    apiRequest('/api/calendar/caldav/discover', caldavDiscoverySchema, { method: 'POST', body }),
  connectCaldav: async (body: ConnectCaldavBody): Promise<CalendarIntegration> =>
    (
      await apiRequest('/api/calendar/caldav', connectedSchema, {
        method: 'POST',
        body: { ...body, timeZone: browserTimeZone() },
      })
    ).integration,
  setActive: (id: string, isActive: boolean): Promise<CalendarIntegration> =>
    apiRequest(`/api/calendar/integrations/${id}`, calendarIntegrationSchema, {
      method: 'PATCH',
      body: { isActive },
    }),
  disconnect: (id: string): Promise<unknown> =>
    apiRequest(`/api/calendar/integrations/${id}`, ignored, { method: 'DELETE' }),
  taskEvents: (taskId: string, signal?: AbortSignal): Promise<TaskCalendarEvents> =>
    apiRequest(`/api/tasks/${taskId}/calendar-events`, taskCalendarEventsSchema, { signal }),
  syncTask: (taskId: string, integrationId: string): Promise<TaskCalendarEvent> =>
    apiRequest(`/api/tasks/${taskId}/calendar-events`, taskCalendarEventSchema, {
      method: 'POST',
      body: { integrationId, timeZone: browserTimeZone() },
    }),
};
