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

/**
 * Formatters by zone: making one costs ~0.35 ms (ICU loads the zone's rules), and every Today and
 * Upcoming request asks for its account's day. Bounded, as any cache is; zones are a few hundred.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormats.size >= 1_000) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day (`YYYY-MM-DD`) it is in `timeZone` at `now`. */
export function dayInTimeZone(now: Date, timeZone: string): string {
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
