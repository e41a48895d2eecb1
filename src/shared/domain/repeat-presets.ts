import { messages } from '../messages.ts';
import { type WeekdayCode, weekdayCodes } from './repeat-rule.ts';
import { ordinal, weekdayNames } from './repeat-text.ts';

/**
 * The task panel's Repeat choices, made from the task's due date: `Every week on Friday` when it is
 * due on a Friday, `Every month on the 4th Friday` (the last one when it is the fifth).
 */
export interface RepeatPreset {
  key: string;
  label: string;
  rule: string;
}

const m = messages.repeat;

export function repeatPresets(dueDate: string): RepeatPreset[] {
  const date = new Date(`${dueDate}T00:00:00Z`);
  const day = weekdayCodes[(date.getUTCDay() + 6) % 7] as WeekdayCode;
  const dayOfMonth = date.getUTCDate();
  const week = Math.ceil(dayOfMonth / 7);
  const nth = week === 5 ? -1 : week;
  return [
    { key: 'daily', label: m.daily, rule: 'FREQ=DAILY' },
    { key: 'weekdays', label: m.weekdays, rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' },
    { key: 'weekly', label: m.weekly(weekdayNames[day]), rule: `FREQ=WEEKLY;BYDAY=${day}` },
    { key: 'monthlyOnDay', label: m.monthlyOnDay(dayOfMonth), rule: `FREQ=MONTHLY;BYMONTHDAY=${dayOfMonth}` },
    {
      key: 'monthlyOnNth',
      label: m.monthlyOnNth(ordinal(nth), weekdayNames[day]),
      rule: `FREQ=MONTHLY;BYDAY=${nth}${day}`,
    },
    { key: 'yearly', label: m.yearly, rule: 'FREQ=YEARLY' },
  ];
}
