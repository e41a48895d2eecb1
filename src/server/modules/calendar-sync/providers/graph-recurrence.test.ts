import { describe, expect, it } from 'vitest';
import { buildCalendarEvent } from '../../../../shared/domain/calendar-event.ts';
import { graphRecurrence } from './graph-recurrence.ts';

/** Graph's pattern for a rule on a task due (and starting) Monday 4 January 2027, or null. */
function patternOf(rule: string) {
  const event = buildCalendarEvent(
    {
      id: 't',
      text: 'Task',
      completed: false,
      dueDate: '2027-01-04',
      priority: 'medium',
      estimatedTime: null,
      repeat: { rule, mode: 'fixed' },
    },
    [],
    {
      appUrl: 'http://app',
      todoId: 'l',
      categoryId: 'c',
      timeZone: 'Europe/Paris',
      now: new Date('2027-01-01T00:00:00Z'),
      uid: 'u',
      series: { start: '2027-01-04', skipped: [] },
    },
  );
  if (!event.recurrence) throw new Error('no series');
  return graphRecurrence(event.recurrence, event.start)?.pattern ?? null;
}

describe('graphRecurrence', () => {
  it('maps the rules Graph has a pattern for', () => {
    expect(patternOf('FREQ=DAILY;INTERVAL=3')).toMatchObject({ type: 'daily', interval: 3 });
    expect(patternOf('FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR')).toMatchObject({
      type: 'weekly',
      daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    });
    expect(patternOf('FREQ=WEEKLY')).toMatchObject({ type: 'weekly', daysOfWeek: ['monday'] });
    expect(patternOf('FREQ=MONTHLY')).toMatchObject({ type: 'absoluteMonthly', dayOfMonth: 4 });
    expect(patternOf('FREQ=MONTHLY;BYDAY=2TU')).toMatchObject({
      type: 'relativeMonthly',
      daysOfWeek: ['tuesday'],
      index: 'second',
    });
    expect(patternOf('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1')).toMatchObject({
      type: 'relativeMonthly',
      index: 'last',
    });
    expect(patternOf('FREQ=YEARLY')).toMatchObject({ type: 'absoluteYearly', dayOfMonth: 4, month: 1 });
    expect(patternOf('FREQ=YEARLY;BYMONTH=11;BYDAY=4TH')).toMatchObject({
      type: 'relativeYearly',
      daysOfWeek: ['thursday'],
      index: 'fourth',
      month: 11,
    });
  });

  it('answers null for what Graph cannot say', () => {
    for (const rule of [
      'FREQ=MONTHLY;BYMONTHDAY=1,15',
      'FREQ=MONTHLY;BYMONTHDAY=-1',
      'FREQ=MONTHLY;BYDAY=5FR',
      'FREQ=MONTHLY;BYDAY=1MO,-1FR',
      'FREQ=DAILY;INTERVAL=2;BYDAY=MO,FR',
      'FREQ=YEARLY;BYMONTH=1,7',
    ]) {
      expect(patternOf(rule), rule).toBeNull();
    }
  });
});
