import { addDays } from '../../../../shared/domain/plan-days.ts';
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
 * series. Graph has no EXDATE: after each write of a series, its skipped days' occurrences are found
 * (`GET …/instances`, in the event's zone) and deleted, the latest `mirroredSkips` of them.
 */

/**
 * How many skipped days are cancelled on Outlook, the latest first: each costs a lookup on every write of
 * the series (Graph may bring cancelled occurrences back when the pattern changes), and the old ones are
 * long past.
 */
const mirroredSkips = 20;

/** An occurrence as Graph's instances list gives it. */
const instancesOf = (body: unknown): Array<{ id: string; day: string }> => {
  const value = typeof body === 'object' && body !== null ? (body as { value?: unknown }).value : null;
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const id = field(entry, 'id');
    const start = typeof entry === 'object' && entry !== null ? (entry as { start?: unknown }).start : null;
    const at = field(start, 'dateTime');
    return id && at ? [{ id, day: at.slice(0, 10) }] : [];
  });
};

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

  async function deleteQuietly(accessToken: string, eventId: string) {
    try {
      await callJson({
        method: 'DELETE',
        url: eventUrl(eventId),
        accessToken,
        fallback: messages.calendar.deleteEventFailed,
      });
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'not_found') return;
      throw error;
    }
  }

  /** Deletes the series' occurrences on its skipped days (a single event has none to delete). */
  async function cancelSkipped(accessToken: string, eventId: string, event: CalendarEventPayload) {
    const recurrence = event.recurrence;
    if (!recurrence || recurrence.skipped.length === 0 || !graphRecurrence(recurrence, event.start)) return;
    const zone = event.start.timeZone;
    for (const day of recurrence.skipped.toSorted().slice(-mirroredSkips)) {
      // A window wide enough for any zone's offset; the day is matched in the event's own zone.
      const query = new URLSearchParams({
        startDateTime: `${addDays(day, -1)}T00:00:00Z`,
        endDateTime: `${addDays(day, 2)}T00:00:00Z`,
      });
      const answer = await callJson({
        method: 'GET',
        url: `${eventUrl(eventId)}/instances?${query}`,
        accessToken,
        headers: { prefer: `outlook.timezone="${zone}"` },
        fallback: messages.calendar.updateEventFailed,
      });
      for (const instance of instancesOf(answer.body)) {
        if (instance.day === day) await deleteQuietly(accessToken, instance.id);
      }
    }
  }

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
      await cancelSkipped(bearer(credentials), ref.eventId, event);
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
      await cancelSkipped(bearer(credentials), ref.eventId, event);
      return { ...updated, eventUrl: updated.eventUrl ?? ref.eventUrl };
    },
    async deleteEvent(credentials, _calendarId, ref) {
      await deleteQuietly(bearer(credentials), ref.eventId);
    },
  };
}
