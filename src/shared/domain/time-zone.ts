/**
 * IANA time zones (`Europe/Paris`), as browsers report them (`Intl.DateTimeFormat().resolvedOptions()`).
 * Kept apart from calendar-event.ts so the shared schemas can check a zone without pulling the .ics
 * builder into the client's bundles.
 */

/** True for a zone this runtime's Intl knows (`Europe/Paris`, `UTC`); false for anything else. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (`YYYY-MM-DD`) it is in `timeZone` at `now`. */
export function dayInTimeZone(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
