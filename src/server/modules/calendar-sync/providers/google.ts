import { messages } from '../../../../shared/messages.ts';
import { bearer, callJson, field, joinUrl } from './http.ts';
import {
  type CalendarEventPayload,
  type CalendarProviderClient,
  ProviderError,
  type ProviderEventRef,
} from './provider.ts';

/**
 * Google Calendar API v3 (docs/PRODUCT.md §7 "Calendar providers"): POST …/calendars/{calendarId}/events, PUT and
 * DELETE …/events/{eventId}; the answer's `id` and `htmlLink` are kept. We choose the event `id` (the
 * payload's base32hex `uid`), so a create retried after a lost answer finds it taken (409) and becomes an
 * update instead of a second event. A series carries `recurrence` (RRULE and EXDATE lines, EXDATE with the
 * start's TZID); its start and end always name a `timeZone`, which Google requires of a recurring event.
 * PUT replaces the whole event, so a rule removed leaves no `recurrence` behind.
 */

/** Google's event: status is the spec's CONFIRMED when the task is done, else TENTATIVE; busy. */
const googleEvent = (event: CalendarEventPayload) => ({
  summary: event.summary,
  description: event.description,
  start: event.start,
  end: event.end,
  status: event.completed ? 'confirmed' : 'tentative',
  transparency: 'opaque',
  source: { title: 'Jotlist', url: event.url },
  ...(event.recurrence ? { recurrence: event.recurrence.lines } : {}),
});

const refOf = (body: unknown, fallbackId: string): ProviderEventRef => ({
  eventId: field(body, 'id') ?? fallbackId,
  eventUrl: field(body, 'htmlLink'),
  etag: field(body, 'etag'),
});

export function googleCalendar(apiBase: string): CalendarProviderClient {
  const eventsUrl = (calendarId: string) =>
    joinUrl(apiBase, `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events`);
  const eventUrl = (calendarId: string, eventId: string) =>
    `${eventsUrl(calendarId)}/${encodeURIComponent(eventId)}`;

  const put = async (token: string, calendarId: string, eventId: string, event: CalendarEventPayload) => {
    const answer = await callJson({
      method: 'PUT',
      url: eventUrl(calendarId, eventId),
      accessToken: token,
      body: googleEvent(event),
      fallback: messages.calendar.updateEventFailed,
    });
    return refOf(answer.body, eventId);
  };

  return {
    async createEvent(credentials, calendarId, event) {
      const token = bearer(credentials);
      const answer = await callJson({
        method: 'POST',
        url: eventsUrl(calendarId),
        accessToken: token,
        body: { id: event.uid, ...googleEvent(event) },
        fallback: messages.calendar.createEventFailed,
        accept: [409],
      });
      // 409: our id is taken, so an earlier create got through: write this version over it.
      if (answer.status === 409) return put(token, calendarId, event.uid, event);
      return refOf(answer.body, event.uid);
    },
    updateEvent(credentials, calendarId, ref, event) {
      return put(bearer(credentials), calendarId, ref.eventId, event);
    },
    async deleteEvent(credentials, calendarId, ref) {
      try {
        await callJson({
          method: 'DELETE',
          url: eventUrl(calendarId, ref.eventId),
          accessToken: bearer(credentials),
          fallback: messages.calendar.deleteEventFailed,
        });
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'not_found') return;
        throw error;
      }
    },
  };
}
