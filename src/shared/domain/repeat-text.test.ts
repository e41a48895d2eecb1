import { describe, expect, it } from 'vitest';
import { describeRule, ordinal } from './repeat-text.ts';

describe('describeRule', () => {
  it.each([
    ['FREQ=DAILY', 'Every day'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Every weekday'],
    ['FREQ=WEEKLY;BYDAY=MO', 'Every Monday'],
    ['FREQ=WEEKLY;BYDAY=MO,TH', 'Every Monday and Thursday'],
    ['FREQ=WEEKLY', 'Every week'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', 'Every 2 weeks on Monday and Thursday'],
    ['FREQ=MONTHLY;BYMONTHDAY=31', 'Every month on day 31'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'Every month on the last day'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'Every month on the last Friday'],
    ['FREQ=MONTHLY;BYDAY=2TU', 'Every month on the 2nd Tuesday'],
    [
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'Every month on the last of Monday, Tuesday, Wednesday, Thursday and Friday',
    ],
    ['FREQ=YEARLY', 'Every year'],
    ['FREQ=DAILY;COUNT=5', 'Every day, 5 times'],
    ['FREQ=WEEKLY;UNTIL=20271231', 'Every week, until 2027-12-31'],
  ])('%s is "%s"', (rule, sentence) => {
    expect(describeRule(rule)).toBe(sentence);
  });

  it('says when it counts from completion, and refuses garbage', () => {
    expect(describeRule('FREQ=DAILY;INTERVAL=3', 'afterCompletion')).toBe('Every 3 days after completion');
    expect(describeRule('nonsense')).toBeNull();
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, -1, -2].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      'last',
      '2nd to last',
    ]);
  });
});
