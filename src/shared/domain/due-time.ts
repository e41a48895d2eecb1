/**
 * A task's due time: wall-clock `HH:MM` (24 h) on its due date, in the account's IANA time zone. Null means
 * the task is due all day. Pure functions; the clock and the zone are always passed in.
 */

export const dueTimePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isValidDueTime(value: string): boolean {
  return dueTimePattern.test(value);
}

/** Minutes since midnight of an `HH:MM` time, or null when it is no valid time. */
export function minutesOfDueTime(value: string): number | null {
  const parts = dueTimePattern.exec(value);
  if (!parts) return null;
  return Number(parts[1]) * 60 + Number(parts[2]);
}

/** `HH:MM` of whole minutes since midnight (0–1439). */
export function dueTimeOfMinutes(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The calendar day and wall-clock minute it is in `timeZone` at `now`. */
export function wallClockIn(now: Date, timeZone: string): { day: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const wall = wallClockIn(new Date(instant), timeZone);
  const [year, month, day] = wall.day.split('-').map(Number) as [number, number, number];
  const seconds = new Date(instant).getUTCSeconds() * 1000 + new Date(instant).getUTCMilliseconds();
  return Date.UTC(year, month - 1, day) + wall.minutes * 60_000 + seconds - instant;
}

/**
 * The instant a wall-clock `HH:MM` on `day` (`YYYY-MM-DD`) happens in `timeZone`. A time the zone skips
 * (spring forward) lands after the gap, a time it repeats (fall back) is the first of the two.
 */
export function zonedDueInstant(day: string, dueTime: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const minutes = minutesOfDueTime(dueTime) ?? 0;
  const wall = Date.UTC(year, month - 1, date) + minutes * 60_000;
  // The offsets a day either side: a zone changes its offset at most once in between.
  const before = wall - zoneOffset(wall - 86_400_000, timeZone);
  const after = wall - zoneOffset(wall + 86_400_000, timeZone);
  const shows = (instant: number) => {
    const seen = wallClockIn(new Date(instant), timeZone);
    return seen.day === day && seen.minutes === minutes;
  };
  const real = [before, after].filter(shows);
  // None shows that wall clock: it is in a gap, and the earlier offset carries it past the gap.
  return new Date(real.length > 0 ? Math.min(...real) : before);
}

/** A timed event without an estimate lasts half an hour. */
export const timedEventMinutes = 30;

/**
 * A Date whose runtime-local wall clock reads what `timeZone`'s reads at `now`. A parser that counts
 * days in the runtime's zone (quick add's) given this reference finds the account's today and tomorrow,
 * not the laptop's (a Tokyo account on a laptop set to UTC).
 */
export function localWallClockOf(now: Date, timeZone: string): Date {
  const { day, minutes } = wallClockIn(now, timeZone);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, Math.floor(minutes / 60), minutes % 60, now.getSeconds());
}

/** `YYYY-MM-DD` a number of calendar days after `day`. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The day of a time typed without one (`call mum 5pm`): today in `timeZone` when that time is still
 * ahead there, else tomorrow (a time already past today means the next one).
 */
export function dayForTimeAlone(now: Date, timeZone: string, dueTime: string): string {
  const { day, minutes } = wallClockIn(now, timeZone);
  const at = minutesOfDueTime(dueTime) ?? 0;
  return at > minutes ? day : addDays(day, 1);
}
