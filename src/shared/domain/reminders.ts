import { zonedDueInstant } from './due-time.ts';

/**
 * When a reminder fires: pure rules shared by the server (scheduling) and the client (showing the fire
 * time). An all-day task's "at due time" is 09:00 in the account's zone.
 */

export const maxRemindersPerTask = 5;
/** Up to four weeks before the due time. */
export const maxReminderOffsetMinutes = 28 * 24 * 60;
export const allDayReminderTime = '09:00';
export const snoozeMinutes = 10;

export type ReminderRule = { kind: 'atDue' } | { kind: 'before'; offsetMinutes: number };

export interface DueOf {
  dueDate: string | null;
  dueTime: string | null;
}

/** The instant the task is due for reminders (09:00 on an all-day task's day), or null without a date. */
export function reminderBase(task: DueOf, timeZone: string): Date | null {
  if (!task.dueDate) return null;
  return zonedDueInstant(task.dueDate, task.dueTime ?? allDayReminderTime, timeZone);
}

/** The fire instant of a rule on a task, or null when the task has no due date. */
export function fireInstant(rule: ReminderRule, task: DueOf, timeZone: string): Date | null {
  const base = reminderBase(task, timeZone);
  if (!base) return null;
  const offset = rule.kind === 'before' ? rule.offsetMinutes : 0;
  return new Date(base.getTime() - offset * 60_000);
}

/** A default reminder (minutes before the due time; 0 = at it) as a rule. */
export function ruleOfMinutes(minutes: number): ReminderRule {
  return minutes === 0 ? { kind: 'atDue' } : { kind: 'before', offsetMinutes: minutes };
}

/** `10 minutes before`, `1 hour before`, `2 days before`, `At due time`. */
export function describeRule(rule: ReminderRule): string {
  if (rule.kind === 'atDue') return 'At due time';
  const m = rule.offsetMinutes;
  const [amount, unit] = m % 1440 === 0 ? [m / 1440, 'day'] : m % 60 === 0 ? [m / 60, 'hour'] : [m, 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'} before`;
}
