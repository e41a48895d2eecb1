import { describe, expect, it } from 'vitest';
import { normaliseRule, parseRule } from './repeat-rule.ts';

describe('repeat rules', () => {
  it('normalises spelling, order and the default interval', () => {
    expect(normaliseRule('rrule:byday=th,mo;interval=2;freq=weekly')).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH,MO',
    );
    expect(normaliseRule('FREQ=DAILY;INTERVAL=1;UNTIL=20271231T235959Z')).toBe('FREQ=DAILY;UNTIL=20271231');
    expect(normaliseRule('FREQ=MONTHLY;BYDAY=-1FR')).toBe('FREQ=MONTHLY;BYDAY=-1FR');
    expect(normaliseRule('FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12')).toBe('FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12');
    expect(normaliseRule('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1')).toBe(
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    );
  });

  it.each([
    '',
    'garbage',
    'FREQ=HOURLY',
    'FREQ=DAILY;FREQ=WEEKLY',
    'INTERVAL=2',
    'FREQ=DAILY;INTERVAL=0',
    'FREQ=DAILY;COUNT=2;UNTIL=20270101',
    'FREQ=DAILY;UNTIL=20270230',
    'FREQ=WEEKLY;BYDAY=XX',
    'FREQ=WEEKLY;BYDAY=-1FR',
    'FREQ=MONTHLY;BYMONTHDAY=32',
    'FREQ=MONTHLY;BYMONTHDAY=0',
    'FREQ=MONTHLY;BYSETPOS=1',
    'FREQ=DAILY;BYHOUR=9',
    'FREQ=DAILY;WKST=SU',
    `FREQ=DAILY;${'X'.repeat(400)}`,
  ])('refuses %s', (rule) => {
    expect(parseRule(rule)).toBeNull();
  });

  it('takes only plain intervals after completion', () => {
    expect(normaliseRule('FREQ=DAILY;INTERVAL=3', 'afterCompletion')).toBe('FREQ=DAILY;INTERVAL=3');
    expect(normaliseRule('FREQ=WEEKLY;BYDAY=MO', 'afterCompletion')).toBeNull();
  });
});
