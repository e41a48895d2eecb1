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
 * calendar, so they are counted here; a day does not depend on the zone (a time the zone skips moves
 * within its day). Every other shape (COUNT, BYSETPOS, BYMONTH, an nth weekday) goes to the library.
 * recurrence-dates.test.ts checks both paths give the same days over thousands of rules and windows.
 */

const dayMs = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` (UTC arithmetic: no zone, no transitions). */
function dayNumber(date: string): number {
  const day = dayNumberOfDate(date);
  if (day === null) throw new RangeError(`not a calendar day: ${date}`);
  return day;
}
const dateOf = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);
/** Monday 0 … Sunday 6, as weekdayCodes counts them (1970-01-01 was a Thursday). */
const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** True for the rules counted here; the rest are the library's. */
function countable(parts: RuleParts): boolean {
  if (parts.count !== undefined || parts.bySetPos.length > 0 || parts.byMonth.length > 0) return false;
  if (parts.byDay.some((entry) => entry.nth !== undefined)) return false;
  if (parts.freq === 'DAILY' || parts.freq === 'WEEKLY') return parts.byMonthDay.length === 0;
  if (parts.freq === 'MONTHLY') return parts.byDay.length === 0;
  return parts.byDay.length === 0 && parts.byMonthDay.length === 0;
}

/** The rule's test of a day, for a series starting on day `anchor` (UNTIL and the window aside). */
function matcher(parts: RuleParts, anchor: number): (day: number) => boolean {
  const picked = weekdayCodes.map((code) => parts.byDay.some((entry) => entry.day === code));
  const anyWeekday = parts.byDay.length === 0;
  const start = new Date(anchor * dayMs);
  const [startYear, startMonth, startDate] = [
    start.getUTCFullYear(),
    start.getUTCMonth(),
    start.getUTCDate(),
  ];
  const { interval } = parts;
  switch (parts.freq) {
    case 'DAILY':
      return (day) => (day - anchor) % interval === 0 && (anyWeekday || picked[weekdayOf(day)] === true);
    case 'WEEKLY': {
      const startWeek = anchor - weekdayOf(anchor);
      const onDay = (day: number) =>
        anyWeekday ? weekdayOf(day) === weekdayOf(anchor) : picked[weekdayOf(day)];
      return (day) => ((day - weekdayOf(day) - startWeek) / 7) % interval === 0 && onDay(day) === true;
    }
    case 'MONTHLY': {
      const monthDays = parts.byMonthDay.length > 0 ? parts.byMonthDay : [startDate];
      return (day) => {
        const date = new Date(day * dayMs);
        const months = (date.getUTCFullYear() - startYear) * 12 + date.getUTCMonth() - startMonth;
        if (months % interval !== 0) return false;
        const length = daysInMonth(date.getUTCFullYear(), date.getUTCMonth() + 1);
        // A negative day counts from the month's end; a day the month lacks (the 31st in April) is none.
        return monthDays.some((n) => (n > 0 ? n : length + n + 1) === date.getUTCDate());
      };
    }
    case 'YEARLY':
      return (day) => {
        const date = new Date(day * dayMs);
        return (
          (date.getUTCFullYear() - startYear) % interval === 0 &&
          date.getUTCMonth() === startMonth &&
          date.getUTCDate() === startDate
        );
      };
  }
}

/**
 * The days (`YYYY-MM-DD`) from `from` through `to` on which a fixed `rule` whose series began on
 * `anchor` falls, at most `limit` of them. A start the rule would not pick is not a day of the series, as
 * in the library, which every other reading of a rule uses (RFC 5545 would count it): the two must agree.
 */
export function occurrenceDatesBetween(
  rule: string,
  anchor: string,
  from: string,
  to: string,
  limit: number,
): string[] {
  const parts = parseRule(rule);
  if (!parts) throw new Error(`Not a repeat rule: ${rule}`);
  if (!countable(parts)) {
    return occurrencesBetween(rule, { date: anchor, time: null }, from, to, 'UTC', limit).map((o) => o.date);
  }
  const start = dayNumber(anchor);
  const last = Math.min(dayNumber(to), parts.until ? dayNumber(parts.until) : Number.POSITIVE_INFINITY);
  const matches = matcher(parts, start);
  const found: string[] = [];
  for (let day = Math.max(dayNumber(from), start); day <= last && found.length < limit; day++) {
    if (matches(day)) found.push(dateOf(day));
  }
  return found;
}
