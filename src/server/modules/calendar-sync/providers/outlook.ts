import { messages } from '../../../../shared/messages.ts';
import { graphRecurrence } from './graph-recurrence.ts';
import { bearer, callJson, field, joinUrl } from './http.ts';
import {
  type CalendarEventPayload,
  type CalendarProviderClient,
  ProviderError,
  type ProviderEventRef,
} from './provider.ts';

/**
 * Microsoft Graph (docs/PRODUCT.md §7 "Calendar providers"): POST /v1.0/me/events, PATCH and DELETE
 * /v1.0/me/events/{id}; body subject, body {contentType Text, content}, start and end {dateTime,
 * timeZone}; the answer's `id` and `webLink` are kept. The events go to the account's default calendar
 * (calendarId is null for Outlook). `transactionId` lets Graph drop a create retried after a lost answer.
 * A series carries `recurrence` (graph-recurrence.ts); a rule Graph cannot express is the current
 * occurrence alone, and an update of a single event sends `recurrence: null`, so a removed rule ends the
 * series.
 */

const graphEvent = (event: CalendarEventPayload) => {
  const recurrence = event.recurrence ? graphRecurrence(event.recurrence, event.start) : null;
  const times = event.recurrence && !recurrence ? event.recurrence.current : event;
  return {
    subject: event.summary,
    body: { contentType: 'Text', content: event.description },
    start: times.start,
    end: times.end,
    showAs: 'busy',
    recurrence,
  };
};

const refOf = (body: unknown, fallbackId: string): ProviderEventRef => ({
  eventId: field(body, 'id') ?? fallbackId,
  eventUrl: field(body, 'webLink'),
  etag: field(body, '@odata.etag'),
});

export function outlookCalendar(apiBase: string): CalendarProviderClient {
  const eventsUrl = joinUrl(apiBase, '/v1.0/me/events');
  const eventUrl = (eventId: string) => `${eventsUrl}/${encodeURIComponent(eventId)}`;

  return {
    async createEvent(credentials, _calendarId, event) {
      const answer = await callJson({
        method: 'POST',
        url: eventsUrl,
        accessToken: bearer(credentials),
        body: { ...graphEvent(event), transactionId: event.uid },
        fallback: messages.calendar.createEventFailed,
      });
      const ref = refOf(answer.body, '');
      if (!ref.eventId) throw new ProviderError('rejected', messages.calendar.createEventFailed);
      return ref;
    },
    async updateEvent(credentials, _calendarId, ref, event) {
      const answer = await callJson({
        method: 'PATCH',
        url: eventUrl(ref.eventId),
        accessToken: bearer(credentials),
        body: graphEvent(event),
        fallback: messages.calendar.updateEventFailed,
      });
      const updated = refOf(answer.body, ref.eventId);
      return { ...updated, eventUrl: updated.eventUrl ?? ref.eventUrl };
    },
    async deleteEvent(credentials, _calendarId, ref) {
      try {
        await callJson({
          method: 'DELETE',
          url: eventUrl(ref.eventId),
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
