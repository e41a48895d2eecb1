import { describe, expect, it } from 'vitest';
import { recurrenceLines } from './ics-recurrence.ts';

describe('recurrenceLines', () => {
  const repeat = { rule: 'FREQ=WEEKLY;BYDAY=MO', mode: 'fixed' as const, start: '2027-01-04', skipped: [] };

  it('writes a timed series in the account zone, with skipped occurrences as EXDATE', () => {
    expect(
      recurrenceLines({ ...repeat, skipped: ['2027-01-11', '2027-03-15'] }, '09:30', 'America/New_York', 9),
    ).toEqual([
      'DTSTART;TZID=America/New_York:20270104T093000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'EXDATE;TZID=America/New_York:20270111T093000,20270315T093000',
    ]);
  });

  it('writes an all-day series floating at the given hour, UNTIL floating too', () => {
    expect(recurrenceLines({ ...repeat, rule: 'FREQ=DAILY;UNTIL=20270110' }, null, 'UTC', 9)).toEqual([
      'DTSTART:20270104T090000',
      'RRULE:FREQ=DAILY;UNTIL=20270110T235959',
    ]);
  });

  it('gives a zoned series a UTC UNTIL at the end of that day there', () => {
    const lines = recurrenceLines(
      { ...repeat, rule: 'FREQ=DAILY;UNTIL=20270110' },
      '08:00',
      'Europe/Berlin',
      9,
    );
    expect(lines?.[1]).toBe('RRULE:FREQ=DAILY;UNTIL=20270110T225959Z');
  });

  it('has no calendar form after completion', () => {
    expect(
      recurrenceLines({ ...repeat, mode: 'afterCompletion', rule: 'FREQ=DAILY' }, null, 'UTC', 9),
    ).toBeNull();
  });
});
