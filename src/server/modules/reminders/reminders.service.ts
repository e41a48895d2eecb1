import { type ReminderRule, ruleOfMinutes } from '../../../shared/domain/reminders.ts';
import { messages } from '../../../shared/messages.ts';
import type { Reminder } from '../../../shared/schemas/reminder.ts';
import { badRequest, notFound } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps, TaskHooks } from '../../deps.ts';
import { afterTaskHooks } from '../../lib/task-hooks.ts';
import {
  deleteTimedReminders,
  findTaskForReminder,
  listReminders,
  profileReminderSettings,
  setDefaultReminderMinutes,
  toReminder,
} from './reminders.repo.ts';
import { addReminders, rescheduleTasks } from './schedule.ts';

export async function getTaskReminders(deps: AppDeps, userId: string, taskId: string): Promise<Reminder[]> {
  const { db } = deps.database;
  if (!(await findTaskForReminder(db, userId, taskId))) throw notFound(messages.api.notFound);
  return (await listReminders(db, userId, taskId)).map(toReminder);
}

/**
 * Replaces a task's reminders that follow its due date (a pending snooze stays). A reminder needs a due
 * date; an empty list is always accepted. Duplicates are kept once.
 */
export async function replaceTaskReminders(
  deps: AppDeps,
  userId: string,
  taskId: string,
  rules: ReminderRule[],
): Promise<Reminder[]> {
  const { reminders, queued } = await deps.database.db.transaction().execute(async (trx) => {
    const task = await findTaskForReminder(trx, userId, taskId);
    if (!task) throw notFound(messages.api.notFound);
    if (rules.length > 0 && !task.due_date) {
      throw badRequest(messages.api.invalidInput, { reminders: messages.reminders.needsDueDate });
    }
    const unique = [...new Map(rules.map((rule) => [JSON.stringify(rule), rule])).values()];
    await deleteTimedReminders(trx, userId, taskId);
    const { timeZone } = await profileReminderSettings(trx, userId);
    const queued = await addReminders(deps, trx, userId, task, unique, timeZone);
    return { reminders: (await listReminders(trx, userId, taskId)).map(toReminder), queued };
  });
  afterTaskHooks(deps, queued);
  return reminders;
}

export async function setDefaultReminder(deps: AppDeps, userId: string, minutes: number | null) {
  await setDefaultReminderMinutes(deps.database.db, userId, minutes, deps.now().toISOString());
}

export async function getDefaultReminder(deps: AppDeps, userId: string) {
  return (await profileReminderSettings(deps.database.db, userId)).defaultMinutes;
}

/** A new task gets the account's default reminder (it waits for a due date if the task has none). */
async function addDefaultReminder(deps: AppDeps, trx: Db, userId: string, taskId: string) {
  const { defaultMinutes, timeZone } = await profileReminderSettings(trx, userId);
  if (defaultMinutes === null) return false;
  const task = await findTaskForReminder(trx, userId, taskId);
  if (!task) return false;
  return addReminders(deps, trx, userId, task, [ruleOfMinutes(defaultMinutes)], timeZone);
}

/** What reminders do when tasks are created, change or go (app.ts adds it to `hooks.tasks`). */
export function reminderTaskHooks(deps: AppDeps): TaskHooks {
  return {
    created: (trx, userId, taskId) => addDefaultReminder(deps, trx, userId, taskId),
    changed: (trx, userId, scope) => rescheduleTasks(deps, trx, userId, scope),
    // Their rows cascade away with the task; a job already written finds no reminder and does nothing.
    deleting: async () => false,
  };
}
