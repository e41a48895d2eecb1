import { dayNumberOfDate } from './task-display.ts';

/**
 * Day arithmetic for the Today and Upcoming views: due dates are plain calendar days, so days are added
 * in UTC, where every day has 24 hours, whatever the account's time zone.
 */

const dayMs = 86_400_000;

/** Calendar days by day number, written once each (plan views turn the same days into text repeatedly). */
const daysByNumber = new Map<number, string>();
const daysKept = 4_096;

/** The `YYYY-MM-DD` of a day number (days since 1970-01-01). */
export function dateOfDayNumber(number: number): string {
  const known = daysByNumber.get(number);
  if (known !== undefined) return known;
  const day = new Date(number * dayMs).toISOString().slice(0, 10);
  if (daysByNumber.size >= daysKept) daysByNumber.clear();
  daysByNumber.set(number, day);
  return day;
}

/** `day` (`YYYY-MM-DD`) moved by `count` days (negative goes back). */
export function addDays(day: string, count: number): string {
  const start = dayNumberOfDate(day);
  if (start === null) throw new RangeError(`not a calendar day: ${day}`);
  return dateOfDayNumber(start + count);
}

/** The `count` days from `first` on, first included. */
export function daysFrom(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(first, index));
}

/** How many days Upcoming shows unless asked, and the most it shows. */
export const upcomingDefaultDays = 14;
export const upcomingMaxDays = 60;

/**
 * How many tasks a page of Upcoming holds at least: whole days until this many (or the window's end).
 * A screen shows a few dozen; an account with 2,000 repeating tasks has 4,500 in 14 days.
 */
export const upcomingPageSize = 100;

/**
 * How many overdue tasks Today lists at a time, newest due first: what was missed lately is what is
 * still worth doing; a long tail of old ones waits behind "Show more".
 */
export const overduePageSize = 50;
