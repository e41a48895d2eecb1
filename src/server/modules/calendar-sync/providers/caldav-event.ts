import { createEvent } from 'ics';
import { refoldIcs } from '../../../../shared/domain/ics-lines.ts';
import { messages } from '../../../../shared/messages.ts';
import type { CalendarEventPayload } from './provider.ts';

/**
 * The payload as the iCalendar object a CalDAV server stores, built with the `ics` package like the
 * task download (shared/domain/ics.ts). Times are written in UTC: a TZID would need a VTIMEZONE block
 * that `ics` cannot write, and a single event loses nothing by being pinned to its instant.
 */

const wallTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const instant = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Milliseconds the zone is ahead of UTC at a given instant (e.g. +3,600,000 for Paris in winter). */
function zoneOffsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

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
  return refoldIcs(
    value.replace(/^METHOD:[^\r\n]*\r?\n/m, '').replace(/^X-PUBLISHED-TTL:[^\r\n]*\r?\n/m, ''),
  );
}
