import { dateOfDayNumber as dateOf } from './plan-days.ts';
import { occurrencesBetween } from './recurrence.ts';
import { parseRule, type RuleParts, weekdayCodes } from './repeat-rule.ts';
import { dayNumberOfDate } from './task-display.ts';

/**
 * The days a fixed rule falls on within a short window, for Upcoming, which needs days only.
 *
 * rrule-temporal costs about 90 µs a rule on this machine however short the window (Temporal objects
 * for the start, each candidate and each placement): 2,000 repeating tasks made Upcoming's answer take
 * about 200 ms in expansion alone. The shapes people actually use (every N days, weeks on some
 * weekdays, months on some days, years on the start's day) are plain day arithmetic on the local
 * calendar, so they are counted here, stepping from candidate to candidate; a day does not depend on the
 * zone (a time the zone skips moves within its day). Every other shape (COUNT, BYSETPOS, BYMONTH, an nth
 * weekday) goes to the library. recurrence-dates.test.ts checks both paths give the same days over
 * thousands of rules and windows.
 */

const dayMs = 86_400_000;

function dayNumber(date: string): number {
  const day = dayNumberOfDate(date);
  if (day === null) throw new RangeError(`not a calendar day: ${date}`);
  return day;
}
/** Monday 0 … Sunday 6, as weekdayCodes counts them (1970-01-01 was a Thursday). */
const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;
/** The day number of year/month (0-based)/date, or null when that month has no such date. */
function dayOfCalendar(year: number, month: number, date: number): number | null {
  const at = new Date(Date.UTC(year, month, date));
  return at.getUTCMonth() === ((month % 12) + 12) % 12 ? at.getTime() / dayMs : null;
}

/** Rules read once: a few distinct strings serve thousands of tasks. Bounded, as any cache is. */
const parsed = new Map<string, RuleParts | null>();
function partsOf(rule: string): RuleParts | null {
  if (!parsed.has(rule)) {
    if (parsed.size >= 1_000) parsed.clear();
    parsed.set(rule, parseRule(rule));
  }
  return parsed.get(rule) ?? null;
}

/** True for the rules counted here; the rest are the library's. */
function countable(parts: RuleParts): boolean {
  if (parts.count !== undefined || parts.bySetPos.length > 0 || parts.byMonth.length > 0) return false;
  if (parts.byDay.some((entry) => entry.nth !== undefined)) return false;
  if (parts.freq === 'DAILY' || parts.freq === 'WEEKLY') return parts.byMonthDay.length === 0;
  if (parts.freq === 'MONTHLY') return parts.byDay.length === 0;
  return parts.byDay.length === 0 && parts.byMonthDay.length === 0;
}

/** The rule's days from `first` through `last` (day numbers) for a series starting on `anchor`, in order. */
function candidates(parts: RuleParts, anchor: number, first: number, last: number): number[] {
  const { interval } = parts;
  const picked = weekdayCodes.map((code) => parts.byDay.some((entry) => entry.day === code));
  const onWeekday = (day: number) => parts.byDay.length === 0 || picked[weekdayOf(day)] === true;
  const days: number[] = [];
  if (parts.freq === 'DAILY') {
    const aligned = first + ((((anchor - first) % interval) + interval) % interval);
    for (let day = aligned; day <= last; day += interval) if (onWeekday(day)) days.push(day);
    return days;
  }
  if (parts.freq === 'WEEKLY') {
    // Week by week (Mondays), every `interval` weeks from the start's week, on the picked weekdays.
    const weekdays =
      parts.byDay.length === 0 ? [weekdayOf(anchor)] : picked.flatMap((on, index) => (on ? [index] : []));
    const startWeek = anchor - weekdayOf(anchor);
    const firstWeek = first - weekdayOf(first);
    const skip = ((((firstWeek - startWeek) / 7) % interval) + interval) % interval;
    for (
      let week = firstWeek + (skip === 0 ? 0 : (interval - skip) * 7);
      week <= last;
      week += interval * 7
    ) {
      for (const weekday of weekdays) {
        const day = week + weekday;
        if (day >= first && day <= last) days.push(day);
      }
    }
    return days;
  }
  const start = new Date(anchor * dayMs);
  const [from, to] = [new Date(first * dayMs), new Date(last * dayMs)];
  if (parts.freq === 'MONTHLY') {
    const monthDays = parts.byMonthDay.length > 0 ? parts.byMonthDay : [start.getUTCDate()];
    const startIndex = start.getUTCFullYear() * 12 + start.getUTCMonth();
    for (
      let index = from.getUTCFullYear() * 12 + from.getUTCMonth();
      index <= to.getUTCFullYear() * 12 + to.getUTCMonth();
      index++
    ) {
      if ((index - startIndex) % interval !== 0) continue;
      const [year, month] = [Math.floor(index / 12), index % 12];
      const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
      // A negative day counts from the month's end; a day the month lacks (the 31st in April) is none.
      const dates = monthDays.map((n) => (n > 0 ? n : length + n + 1)).filter((n) => n >= 1 && n <= length);
      for (const date of [...new Set(dates)].sort((a, b) => a - b)) {
        const day = dayOfCalendar(year, month, date);
        if (day !== null && day >= first && day <= last) days.push(day);
      }
    }
    return days;
  }
  for (let year = from.getUTCFullYear(); year <= to.getUTCFullYear(); year++) {
    if ((year - start.getUTCFullYear()) % interval !== 0) continue;
    // February 29th only in leap years: another year has no such day.
    const day = dayOfCalendar(year, start.getUTCMonth(), start.getUTCDate());
    if (day !== null && day >= first && day <= last) days.push(day);
  }
  return days;
}

/** Windows already counted: the same tasks are asked for the same days page after page and request after request. */
const counted = new Map<string, readonly string[]>();

/**
 * The days (`YYYY-MM-DD`) from `from` through `to` on which a fixed `rule` whose series began on
 * `anchor` falls, at most `limit` of them. A start the rule would not pick is not a day of the series, as
 * in the library, which every other reading of a rule uses (RFC 5545 would count it): the two must agree.
 * Remembered (a pure function of its arguments, bounded as partsOf is): counting 2,000 rules took 2.4 ms
 * of each Upcoming page.
 */
export function occurrenceDatesBetween(
  rule: string,
  anchor: string,
  from: string,
  to: string,
  limit: number,
): readonly string[] {
  const key = `${rule}|${anchor}|${from}|${to}|${limit}`;
  const known = counted.get(key);
  if (known) return known;
  const days = countDays(rule, anchor, from, to, limit);
  if (counted.size >= 20_000) counted.clear();
  counted.set(key, days);
  return days;
}

function countDays(rule: string, anchor: string, from: string, to: string, limit: number): string[] {
  const parts = partsOf(rule);
  if (!parts) throw new Error(`Not a repeat rule: ${rule}`);
  if (!countable(parts)) {
    return occurrencesBetween(rule, { date: anchor, time: null }, from, to, 'UTC', limit).map((o) => o.date);
  }
  const start = dayNumber(anchor);
  const last = Math.min(dayNumber(to), parts.until ? dayNumber(parts.until) : Number.POSITIVE_INFINITY);
  const first = Math.max(dayNumber(from), start);
  if (first > last) return [];
  return candidates(parts, start, first, last).slice(0, limit).map(dateOf);
}
