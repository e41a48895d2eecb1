import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { vtimezoneLines } from './vtimezone.ts';

/** The offset (minutes) ical.js reads from our VTIMEZONE at a local wall time. */
function offsetAt(zone: string, fromYear: number, local: string): number {
  const text = ['BEGIN:VCALENDAR', ...vtimezoneLines(zone, fromYear), 'END:VCALENDAR'].join('\r\n');
  const component = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vtimezone');
  if (!component) throw new Error('no VTIMEZONE');
  const timezone = new ICAL.Timezone(component);
  const time = ICAL.Time.fromDateTimeString(local);
  time.zone = timezone;
  return timezone.utcOffset(time) / 60;
}

describe('vtimezoneLines', () => {
  it('writes the yearly DST rules a calendar expands, years after the series starts', () => {
    expect(vtimezoneLines('America/New_York', 2027)).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU');
    expect(vtimezoneLines('Europe/Berlin', 2027)).toContain('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU');
    expect(offsetAt('America/New_York', 2027, '2031-07-14T09:30:00')).toBe(-240);
    expect(offsetAt('America/New_York', 2027, '2031-01-14T09:30:00')).toBe(-300);
    expect(offsetAt('Europe/Berlin', 2027, '2030-03-31T12:00:00')).toBe(120);
    expect(offsetAt('Europe/Berlin', 2027, '2030-03-30T12:00:00')).toBe(60);
  });

  it('keeps half-hour offsets and southern summers, and one observance for a zone without DST', () => {
    // Lord Howe: +10:30 in winter, +11:00 from the first Sunday of October to the first of April.
    expect(offsetAt('Australia/Lord_Howe', 2027, '2029-01-10T09:00:00')).toBe(660);
    expect(offsetAt('Australia/Lord_Howe', 2027, '2029-06-10T09:00:00')).toBe(630);
    const tokyo = vtimezoneLines('Asia/Tokyo', 2027);
    expect(tokyo.filter((line) => line.startsWith('BEGIN:'))).toEqual(['BEGIN:VTIMEZONE', 'BEGIN:STANDARD']);
    expect(tokyo).toContain('TZOFFSETTO:+0900');
  });
});
