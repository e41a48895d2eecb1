import { describe, expect, it } from 'vitest';
import { addDays } from './plan-days.ts';
import { occurrencesBetween } from './recurrence.ts';
import { occurrenceDatesBetween } from './recurrence-dates.ts';

/** The library's answer: what the counted path must equal. */
const libraryDays = (rule: string, anchor: string, from: string, to: string) =>
  occurrencesBetween(rule, { date: anchor, time: null }, from, to, 'UTC', 400).map((o) => o.date);

/** A small deterministic generator (mulberry32), so a failure names a case that comes back. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const shapes = [
  'FREQ=DAILY',
  'FREQ=DAILY;INTERVAL=3',
  'FREQ=DAILY;BYDAY=MO,WE,FR',
  'FREQ=DAILY;INTERVAL=2;BYDAY=SA,SU',
  'FREQ=WEEKLY',
  'FREQ=WEEKLY;INTERVAL=2',
  'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
  'FREQ=WEEKLY;INTERVAL=3;BYDAY=SU',
  'FREQ=MONTHLY',
  'FREQ=MONTHLY;INTERVAL=2',
  'FREQ=MONTHLY;BYMONTHDAY=31',
  'FREQ=MONTHLY;BYMONTHDAY=-1',
  'FREQ=MONTHLY;BYMONTHDAY=1,15',
  'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-2,30',
  'FREQ=MONTHLY;BYMONTHDAY=31,-1',
  'FREQ=MONTHLY;BYMONTHDAY=-31,29',
  'FREQ=YEARLY;INTERVAL=4',
  'FREQ=YEARLY',
  'FREQ=YEARLY;INTERVAL=2',
  'FREQ=WEEKLY;UNTIL=20270115',
  'FREQ=DAILY;INTERVAL=5;UNTIL=20261231',
];

describe('occurrenceDatesBetween', () => {
  it('gives the library’s days for every shape it counts, over random starts and windows', () => {
    const next = random(20261128);
    let compared = 0;
    for (let i = 0; i < 3_000; i++) {
      const rule = shapes[i % shapes.length] ?? 'FREQ=DAILY';
      // Starts over four years (leap days, 31sts and month ends included), windows up to 60 days long,
      // before, across and long after the start.
      const anchor = addDays('2024-01-01', Math.floor(next() * 4 * 366));
      const from = addDays(anchor, Math.floor(next() * 900) - 30);
      const to = addDays(from, Math.floor(next() * 60));
      const counted = occurrenceDatesBetween(rule, anchor, from, to, 400);
      expect({ rule, anchor, from, to, days: counted }).toEqual({
        rule,
        anchor,
        from,
        to,
        days: libraryDays(rule, anchor, from, to),
      });
      compared += counted.length;
    }
    // The comparison saw real days, not only empty windows.
    expect(compared).toBeGreaterThan(10_000);
  });

  it('leaves out a start the rule would not pick, as the library does', () => {
    // A Wednesday start of "every Monday".
    const days = occurrenceDatesBetween('FREQ=WEEKLY;BYDAY=MO', '2026-12-02', '2026-12-01', '2026-12-14', 10);
    expect(days).toEqual(libraryDays('FREQ=WEEKLY;BYDAY=MO', '2026-12-02', '2026-12-01', '2026-12-14'));
  });

  it('keeps February 29th to leap years and skips months without the 31st', () => {
    expect(occurrenceDatesBetween('FREQ=YEARLY', '2024-02-29', '2025-01-01', '2028-12-31', 10)).toEqual([
      '2028-02-29',
    ]);
    expect(occurrenceDatesBetween('FREQ=MONTHLY', '2026-01-31', '2026-02-01', '2026-05-31', 10)).toEqual([
      '2026-03-31',
      '2026-05-31',
    ]);
  });

  it('leaves the shapes it does not count to the library', () => {
    for (const rule of [
      'FREQ=MONTHLY;BYDAY=-1FR',
      'FREQ=WEEKLY;COUNT=3',
      'FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1',
    ]) {
      expect(occurrenceDatesBetween(rule, '2026-11-02', '2026-11-01', '2027-01-31', 50)).toEqual(
        libraryDays(rule, '2026-11-02', '2026-11-01', '2027-01-31'),
      );
    }
  });

  it('stops at the limit', () => {
    expect(occurrenceDatesBetween('FREQ=DAILY', '2026-11-01', '2026-11-01', '2026-12-31', 3)).toHaveLength(3);
  });
});
