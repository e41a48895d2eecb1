import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';
import { formatRule, parseRule, type RepeatSetting, type RuleParts } from './repeat-rule.ts';

/**
 * Expands repeat rules into a task's occurrences, with rrule-temporal.
 *
 * A task's date and time are wall-clock values in the account's zone, so the rule is expanded over
 * floating local date-times (in UTC, which has no transitions) and each result is then placed in the
 * zone with Temporal's `compatible` disambiguation: a time the zone skips moves forward by the gap, a
 * time it repeats is the earlier one. Expanding in the zone instead (what rrule-temporal does with a
 * TZID) drops every occurrence that falls in a spring-forward gap, so a daily 02:30 task would vanish
 * for a day each March in New York.
 */

/** A task's place in time: its due day and, unless it is all day, its wall-clock `HH:MM`. */
export interface LocalOccurrence {
  date: string;
  time: string | null;
}

/** An occurrence with the instant it happens in the zone (null for an all-day one). */
export interface Occurrence extends LocalOccurrence {
  instant: Date | null;
}

const floating = (at: LocalOccurrence) =>
  Temporal.PlainDateTime.from(`${at.date}T${at.time ?? '00:00'}`).toZonedDateTime('UTC');

/** UNTIL is a day on the task's calendar: it includes that whole day, whatever the time. */
function expander(parts: RuleParts, anchor: LocalOccurrence): RRuleTemporal {
  const { until, ...rest } = parts;
  return new RRuleTemporal({
    rruleString: formatRule(rest),
    dtstart: floating(anchor),
    // Occurrences come back as this polyfill's objects, not as whatever Temporal the library resolved.
    temporal: Temporal,
    ...(until ? { until: Temporal.PlainDateTime.from(`${until}T23:59:59`).toZonedDateTime('UTC') } : {}),
  });
}

function place(floatingAt: Temporal.ZonedDateTime, timed: boolean, zone: string): Occurrence {
  const local = floatingAt.toPlainDateTime();
  const date = local.toPlainDate().toString();
  if (!timed) return { date, time: null, instant: null };
  const time = local.toPlainTime().toString({ smallestUnit: 'minute' });
  const zoned = local.toZonedDateTime(zone, { disambiguation: 'compatible' });
  return { date, time, instant: new Date(zoned.epochMilliseconds) };
}

const partsOf = (rule: string): RuleParts => {
  const parts = parseRule(rule);
  if (!parts) throw new Error(`Not a repeat rule: ${rule}`);
  return parts;
};

/**
 * The first occurrence of a fixed rule strictly after `after` (both local), for a series that started at
 * `anchor`; null when the rule has ended (COUNT, UNTIL).
 */
export function nextOccurrence(
  rule: string,
  anchor: LocalOccurrence,
  after: LocalOccurrence,
  zone: string,
): Occurrence | null {
  const next = expander(partsOf(rule), anchor).next(floating(after), false);
  return next ? place(next, anchor.time !== null, zone) : null;
}

/** The occurrences on the days `from`..`to` (inclusive, `YYYY-MM-DD`), at most `limit` of them. */
export function occurrencesBetween(
  rule: string,
  anchor: LocalOccurrence,
  from: string,
  to: string,
  zone: string,
  limit: number,
): Occurrence[] {
  const start = floating({ date: from, time: '00:00' });
  const end = floating({ date: to, time: '23:59' });
  const found: Occurrence[] = [];
  const rrule = expander(partsOf(rule), anchor);
  let cursor = rrule.next(start, true);
  while (cursor && found.length < limit && Temporal.ZonedDateTime.compare(cursor, end) <= 0) {
    found.push(place(cursor, anchor.time !== null, zone));
    cursor = rrule.next(cursor, false);
  }
  return found;
}

const durationOf = (parts: RuleParts) =>
  ({
    DAILY: { days: parts.interval },
    WEEKLY: { weeks: parts.interval },
    MONTHLY: { months: parts.interval },
    YEARLY: { years: parts.interval },
  })[parts.freq];

/**
 * An after-completion rule's next day: INTERVAL units of FREQ after `completedOn` (the day it is in the
 * account's zone); a month later than Jan 31 is the last day of February. Null once UNTIL is passed or
 * `done` (occurrences already recorded) reaches COUNT.
 */
export function nextAfterCompletion(
  rule: string,
  completedOn: string,
  time: string | null,
  done: number,
  zone: string,
): Occurrence | null {
  const parts = partsOf(rule);
  if (parts.count !== undefined && done >= parts.count) return null;
  const date = Temporal.PlainDate.from(completedOn).add(durationOf(parts)).toString();
  if (parts.until !== undefined && date > parts.until) return null;
  return place(floating({ date, time }), time !== null, zone);
}

/**
 * Where a task goes after its occurrence `current` is completed or skipped on `today`: the next occurrence,
 * or null when the rule has ended. `done` counts the occurrences recorded before this one.
 */
export function advance(
  setting: RepeatSetting,
  anchor: LocalOccurrence,
  current: LocalOccurrence,
  today: string,
  done: number,
  zone: string,
): Occurrence | null {
  if (setting.mode === 'afterCompletion') {
    return nextAfterCompletion(setting.rule, today, current.time, done + 1, zone);
  }
  // Done late, the task moves to its first occurrence from today on rather than to one already past: a
  // daily task left for a week is not overdue six more times (Todoist and TickTick do the same).
  const lastNight = { date: Temporal.PlainDate.from(today).subtract({ days: 1 }).toString(), time: '23:59' };
  const after = current.date < today ? lastNight : current;
  return nextOccurrence(setting.rule, anchor, after, zone);
}

/** The first day on or after `today` a new series falls on (quick add's `every monday`: next Monday). */
export function firstOccurrence(
  rule: string,
  today: string,
  time: string | null,
  zone: string,
): Occurrence | null {
  const start = { date: today, time };
  const first = expander(partsOf(rule), start).next(floating(start), true);
  return first ? place(first, time !== null, zone) : null;
}
