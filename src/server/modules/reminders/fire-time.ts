import { fireInstant, type ReminderRule } from '../../../shared/domain/reminders.ts';
import type { Db } from '../../db/database.ts';
import { profileReminderSettings, type ReminderRow } from './reminders.repo.ts';

export interface SchedulableTask {
  id: string;
  completed: number | boolean;
  due_date: string | null;
  due_time: string | null;
}

export const ruleOf = (row: Pick<ReminderRow, 'kind' | 'offset_minutes'>): ReminderRule =>
  row.kind === 'before' ? { kind: 'before', offsetMinutes: Number(row.offset_minutes) } : { kind: 'atDue' };

/** Where a timed reminder of this task fires now (ISO), or null (no due date, or done). */
export function fireAtOf(task: SchedulableTask, rule: ReminderRule, timeZone: string): string | null {
  if (Number(task.completed) === 1 || task.completed === true) return null;
  const at = fireInstant(rule, { dueDate: task.due_date, dueTime: task.due_time }, timeZone);
  return at ? at.toISOString() : null;
}

/** Where this timed reminder should fire now, with the account's current zone. */
export async function expectedFireAt(db: Db, reminder: ReminderRow, task: SchedulableTask) {
  const { timeZone } = await profileReminderSettings(db, reminder.user_id);
  return fireAtOf(task, ruleOf(reminder), timeZone);
}
