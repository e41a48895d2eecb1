import { describe, expect, it } from 'vitest';
import { describeRule, fireInstant, reminderBase, ruleOfMinutes } from './reminders.ts';

describe('reminder fire instants', () => {
  it('reads a timed task in the account zone and an all-day task at 09:00 there', () => {
    expect(
      fireInstant({ kind: 'atDue' }, { dueDate: '2030-07-01', dueTime: '14:30' }, 'Europe/Paris'),
    ).toEqual(new Date('2030-07-01T12:30:00Z'));
    expect(reminderBase({ dueDate: '2030-01-15', dueTime: null }, 'America/New_York')).toEqual(
      new Date('2030-01-15T14:00:00Z'),
    );
    expect(fireInstant({ kind: 'atDue' }, { dueDate: null, dueTime: null }, 'UTC')).toBeNull();
  });

  it('counts "before" in real time across a daylight-saving change', () => {
    // Paris moves its clocks forward on 2030-03-31: "a day before" 12:00 is 24 real hours earlier,
    // which the wall clock the day before shows as 11:00.
    const at = fireInstant(
      { kind: 'before', offsetMinutes: 1440 },
      { dueDate: '2030-03-31', dueTime: '12:00' },
      'Europe/Paris',
    );
    expect(at).toEqual(new Date('2030-03-30T10:00:00Z'));
  });

  it('names rules as the panel lists them', () => {
    expect(describeRule({ kind: 'atDue' })).toBe('At due time');
    expect(describeRule(ruleOfMinutes(10))).toBe('10 minutes before');
    expect(describeRule(ruleOfMinutes(60))).toBe('1 hour before');
    expect(describeRule(ruleOfMinutes(2880))).toBe('2 days before');
    expect(describeRule(ruleOfMinutes(90))).toBe('90 minutes before');
    expect(ruleOfMinutes(0)).toEqual({ kind: 'atDue' });
  });
});
