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
