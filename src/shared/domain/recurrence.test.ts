import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { advance, nextAfterCompletion, nextOccurrence, occurrencesBetween } from './recurrence.ts';

const days = (rule: string, start: string, from: string, to: string, limit = 50) =>
  occurrencesBetween(rule, { date: start, time: null }, from, to, 'UTC', limit).map((o) => o.date);

const at = (date: string, time: string | null = null) => ({ date, time });
const iso = (instant: Date | null) => instant?.toISOString();

describe('floating expansion across DST transitions', () => {
  it('keeps a daily 02:30 in New York on the spring-forward day, moved past the gap', () => {
    const found = occurrencesBetween(
      'FREQ=DAILY',
      at('2027-03-12', '02:30'),
      '2027-03-13',
      '2027-03-15',
      'America/New_York',
      10,
    );
    expect(found.map((o) => o.date)).toEqual(['2027-03-13', '2027-03-14', '2027-03-15']);
    // 02:30 does not exist on the 14th: it happens at 03:30 EDT, the gap's length later.
    expect(found.map((o) => iso(o.instant))).toEqual([
      '2027-03-13T07:30:00.000Z',
      '2027-03-14T07:30:00.000Z',
      '2027-03-15T06:30:00.000Z',
    ]);
    // The task keeps its wall-clock time: it still says 02:30.
    expect(found[1]?.time).toBe('02:30');
  });

  it('is what rrule-temporal alone gets wrong: expanded in the zone it drops the day', () => {
    const zoned = new RRuleTemporal({
      rruleString: 'FREQ=DAILY;COUNT=3',
      dtstart: Temporal.ZonedDateTime.from('2027-03-13T02:30[America/New_York]'),
    });
    expect(zoned.all().map((o) => o.toPlainDate().toString())).toEqual([
      '2027-03-13',
      '2027-03-15',
      '2027-03-16',
    ]);
    const ours = occurrencesBetween(
      'FREQ=DAILY;COUNT=3',
      at('2027-03-13', '02:30'),
      '2027-03-01',
      '2027-03-31',
      'America/New_York',
      10,
    );
    expect(ours.map((o) => o.date)).toEqual(['2027-03-13', '2027-03-14', '2027-03-15']);
  });

  it('moves a Lord Howe 02:15 forward by its half-hour gap', () => {
    const next = nextOccurrence(
      'FREQ=WEEKLY;BYDAY=SU',
      at('2027-09-26', '02:15'),
      at('2027-09-26', '02:15'),
      'Australia/Lord_Howe',
    );
    expect(next?.date).toBe('2027-10-03');
    // Lord Howe goes from +10:30 to +11 at 02:00: 02:15 is skipped, 02:45 (+11) is 15:45 UTC the day before.
    expect(iso(next?.instant ?? null)).toBe('2027-10-02T15:45:00.000Z');
  });

  it('takes the earlier of a repeated time, once, when clocks fall back', () => {
    const found = occurrencesBetween(
      'FREQ=DAILY',
      at('2027-11-06', '01:30'),
      '2027-11-07',
      '2027-11-07',
      'America/New_York',
      10,
    );
    expect(found.map((o) => iso(o.instant))).toEqual(['2027-11-07T05:30:00.000Z']);
  });

  it('keeps wall-clock times in Berlin and Tokyo around Berlin’s 2027 transitions', () => {
    const berlin = occurrencesBetween(
      'FREQ=DAILY',
      at('2027-03-27', '09:00'),
      '2027-03-27',
      '2027-03-28',
      'Europe/Berlin',
      5,
    );
    expect(berlin.map((o) => iso(o.instant))).toEqual([
      '2027-03-27T08:00:00.000Z',
      '2027-03-28T07:00:00.000Z',
    ]);
    const gap = nextOccurrence(
      'FREQ=DAILY',
      at('2027-03-27', '02:30'),
      at('2027-03-27', '02:30'),
      'Europe/Berlin',
    );
    expect(iso(gap?.instant ?? null)).toBe('2027-03-28T01:30:00.000Z');
    // Tokyo has no DST: the same UTC hour every day.
    const tokyo = occurrencesBetween(
      'FREQ=DAILY',
      at('2027-03-27', '02:30'),
      '2027-03-27',
      '2027-03-29',
      'Asia/Tokyo',
      5,
    );
    expect(tokyo.map((o) => iso(o.instant))).toEqual([
      '2027-03-26T17:30:00.000Z',
      '2027-03-27T17:30:00.000Z',
      '2027-03-28T17:30:00.000Z',
    ]);
  });
});

describe('calendar rules', () => {
  it('skips the months without a 31st', () => {
    expect(days('FREQ=MONTHLY;BYMONTHDAY=31', '2027-01-31', '2027-01-01', '2027-08-31')).toEqual([
      '2027-01-31',
      '2027-03-31',
      '2027-05-31',
      '2027-07-31',
      '2027-08-31',
    ]);
  });

  it('takes the last day of each month with BYMONTHDAY=-1', () => {
    expect(days('FREQ=MONTHLY;BYMONTHDAY=-1', '2028-01-31', '2028-01-01', '2028-04-30')).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
    ]);
  });

  it('repeats Feb 29 only in leap years', () => {
    expect(days('FREQ=YEARLY', '2028-02-29', '2028-01-01', '2036-12-31')).toEqual([
      '2028-02-29',
      '2032-02-29',
      '2036-02-29',
    ]);
  });

  it('finds the last Friday, by BYDAY=-1FR and by BYSETPOS', () => {
    const expected = ['2027-01-29', '2027-02-26', '2027-03-26'];
    expect(days('FREQ=MONTHLY;BYDAY=-1FR', '2027-01-29', '2027-01-01', '2027-03-31')).toEqual(expected);
    expect(days('FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1', '2027-01-29', '2027-01-01', '2027-03-31')).toEqual(
      expected,
    );
  });

  it('repeats every 2 weeks on Monday and Thursday', () => {
    expect(days('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', '2027-01-04', '2027-01-01', '2027-01-31')).toEqual([
      '2027-01-04',
      '2027-01-07',
      '2027-01-18',
      '2027-01-21',
    ]);
  });

  it('ends after COUNT occurrences and on the UNTIL day, inclusive', () => {
    expect(days('FREQ=DAILY;COUNT=3', '2027-01-01', '2027-01-01', '2027-12-31')).toHaveLength(3);
    expect(nextOccurrence('FREQ=DAILY;COUNT=3', at('2027-01-01'), at('2027-01-03'), 'UTC')).toBeNull();
    const timed = occurrencesBetween(
      'FREQ=DAILY;UNTIL=20270103',
      at('2027-01-01', '18:00'),
      '2027-01-01',
      '2027-12-31',
      'UTC',
      10,
    );
    expect(timed.map((o) => o.date)).toEqual(['2027-01-01', '2027-01-02', '2027-01-03']);
    expect(nextOccurrence('FREQ=DAILY;UNTIL=20270103', at('2027-01-01'), at('2027-01-03'), 'UTC')).toBeNull();
  });

  it('stops at the limit', () => {
    expect(days('FREQ=DAILY', '2027-01-01', '2027-01-01', '2030-01-01', 4)).toHaveLength(4);
  });
});

describe('after completion', () => {
  it('counts from the day it is completed, clamping to the month’s end', () => {
    expect(nextAfterCompletion('FREQ=DAILY;INTERVAL=3', '2027-01-10', null, 0, 'UTC')?.date).toBe(
      '2027-01-13',
    );
    expect(nextAfterCompletion('FREQ=MONTHLY', '2027-01-31', '08:00', 0, 'UTC')).toMatchObject({
      date: '2027-02-28',
      time: '08:00',
    });
  });

  it('ends at COUNT and UNTIL', () => {
    expect(nextAfterCompletion('FREQ=WEEKLY;COUNT=2', '2027-01-10', null, 2, 'UTC')).toBeNull();
    expect(nextAfterCompletion('FREQ=WEEKLY;UNTIL=20270115', '2027-01-10', null, 0, 'UTC')).toBeNull();
  });

  it('advance picks the schedule or the completion day by mode', () => {
    const fixed = advance(
      { rule: 'FREQ=WEEKLY', mode: 'fixed' },
      at('2027-01-04'),
      at('2027-01-04'),
      '2027-01-09',
      0,
      'UTC',
    );
    expect(fixed?.date).toBe('2027-01-11');
    const after = advance(
      { rule: 'FREQ=WEEKLY', mode: 'afterCompletion' },
      at('2027-01-04'),
      at('2027-01-04'),
      '2027-01-09',
      0,
      'UTC',
    );
    expect(after?.date).toBe('2027-01-16');
  });

  it('moves a task done late to its first occurrence from today, not to one already past', () => {
    const daily = { rule: 'FREQ=DAILY', mode: 'fixed' } as const;
    // Due on the 4th, done on the 9th: due today (the 9th), not on the 5th.
    expect(advance(daily, at('2027-01-01'), at('2027-01-04'), '2027-01-09', 0, 'UTC')?.date).toBe(
      '2027-01-09',
    );
    // Weekly on Mondays, done on Saturday the 16th two weeks late: next Monday, the 18th.
    const weekly = { rule: 'FREQ=WEEKLY;BYDAY=MO', mode: 'fixed' } as const;
    expect(
      advance(weekly, at('2027-01-04', '09:00'), at('2027-01-04', '09:00'), '2027-01-16', 0, 'UTC'),
    ).toMatchObject({ date: '2027-01-18', time: '09:00' });
    // Done on time: the next one after it, even though today is its day.
    expect(advance(daily, at('2027-01-01'), at('2027-01-09'), '2027-01-09', 0, 'UTC')?.date).toBe(
      '2027-01-10',
    );
  });
});
