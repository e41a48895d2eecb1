import { createEvent } from 'ics';
import { refoldIcs } from '../../../../shared/domain/ics-lines.ts';
import { messages } from '../../../../shared/messages.ts';
import type { CalendarEventPayload } from './provider.ts';
import { vtimezoneLines, zoneOffsetMs } from './vtimezone.ts';

/**
 * The payload as the iCalendar object a CalDAV server stores, built with the `ics` package like the
 * task download (shared/domain/ics.ts). Times are written in UTC: a TZID would need a VTIMEZONE block
 * that `ics` cannot write, and a single event loses nothing by being pinned to its instant. A series is
 * the exception: in UTC its wall-clock time would drift an hour at each DST change, so its DTSTART and
 * DTEND name the zone (TZID), a VTIMEZONE built from the runtime's zone data defines it, and RRULE and
 * EXDATE follow.
 */

const wallTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const instant = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The instant of a `{ dateTime, timeZone }` pair as Google and Graph read it: a dateTime with `Z` or
 * an offset is that instant; a bare wall time is read in `timeZone` (an IANA name). Two passes settle
 * the offset next to a DST change.
 */
export function payloadInstant(time: { dateTime: string; timeZone: string }): number {
  if (instant.test(time.dateTime)) {
    const parsed = Date.parse(time.dateTime);
    if (Number.isNaN(parsed)) throw new Error(`Unreadable event time ${time.dateTime}`);
    return parsed;
  }
  const match = wallTime.exec(time.dateTime);
  if (!match) throw new Error(`Unreadable event time ${time.dateTime}`);
  const [year, month, day, hour, minute, second] = match.slice(1).map((n) => Number(n ?? 0)) as number[];
  const wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second);
  const zone = time.timeZone || 'UTC';
  const first = wall - zoneOffsetMs(zone, wall);
  return wall - zoneOffsetMs(zone, first);
}

/** The VCALENDAR text for a PUT; throws when `ics` refuses the event. */
export function caldavEventIcs(event: CalendarEventPayload, now: Date = new Date()): string {
  const { error, value } = createEvent({
    uid: event.uid,
    productId: 'jotlist/tasks',
    title: event.summary,
    description: event.description,
    url: event.url,
    start: payloadInstant(event.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: payloadInstant(event.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: event.completed ? 'CONFIRMED' : 'TENTATIVE',
    busyStatus: 'BUSY',
    lastModified: now.getTime(),
  });
  if (error || !value) throw error ?? new Error(messages.calendar.createEventFailed);
  // RFC 4791 §4.1: a calendar object resource must not carry METHOD; the feed-only TTL goes with it.
  // The package folds at 75 characters, not octets: refolded like the download and the feed.
  const single = value.replace(/^METHOD:[^\r\n]*\r?\n/m, '').replace(/^X-PUBLISHED-TTL:[^\r\n]*\r?\n/m, '');
  return refoldIcs(event.recurrence ? asSeries(single, event) : single);
}

/** `20270104T090000` of a payload's wall-clock `2027-01-04T09:00:00`. */
const localStamp = (dateTime: string) => dateTime.replace(/[-:]/g, '').slice(0, 15);

/** The single event's UTC DTSTART and DTEND replaced by zoned ones, the rule after them, the zone before. */
function asSeries(ics: string, event: CalendarEventPayload): string {
  const zone = event.start.timeZone;
  const series = [
    `DTSTART;TZID=${zone}:${localStamp(event.start.dateTime)}`,
    `DTEND;TZID=${zone}:${localStamp(event.end.dateTime)}`,
    ...(event.recurrence?.lines ?? []),
  ];
  const year = Number(event.start.dateTime.slice(0, 4));
  return ics
    .replace(/^DTEND[^\r\n]*\r?\n/m, '')
    .replace(/^DTSTART[^\r\n]*(\r?\n)/m, (_line, newline: string) => `${series.join('\r\n')}${newline}`)
    .replace(/^BEGIN:VEVENT/m, `${vtimezoneLines(zone, year).join('\r\n')}\r\nBEGIN:VEVENT`);
}
