import { randomUUID } from 'node:crypto';
import type { ReminderRule } from '../../../shared/domain/reminders.ts';
import type { Db } from '../../db/database.ts';
import type { ReminderKind } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { TaskScope } from '../../lib/task-hooks.ts';
import { fireAtOf, ruleOf, type SchedulableTask } from './fire-time.ts';
import { enqueueFire } from './reminder-fire.job.ts';
import {
  deleteReminder,
  insertReminders,
  profileReminderSettings,
  remindersInScope,
  setFireAt,
} from './reminders.repo.ts';

/**
 * Keeping reminders' fire instants in step with their tasks. Every task change reaches `rescheduleTasks`
 * through the tasks hook (app.ts), inside the change's transaction: a moved due date (by hand, by
 * "Tomorrow", or by a recurring task's next occurrence) moves the reminders, completing a task cancels
 * them, reopening it brings them back. Each fire instant gets one job, deduplicated by reminder and
 * instant, so several instances never send one twice; a job whose instant no longer matches does nothing.
 */

/** Recomputes the reminders of the tasks in scope; answers whether it wrote a job. */
export async function rescheduleTasks(deps: AppDeps, trx: Db, userId: string, scope: TaskScope) {
  const rows = await remindersInScope(trx, userId, scope);
  if (rows.length === 0) return false;
  const { timeZone } = await profileReminderSettings(trx, userId);
  let queued = false;
  for (const row of rows) {
    const task = {
      id: row.task_id,
      completed: row.completed,
      due_date: row.due_date,
      due_time: row.due_time,
    };
    if (row.kind === 'snooze') {
      // A snooze is for the task as it was: done meanwhile, it goes.
      if (Number(task.completed) === 1) await deleteReminder(trx, row.id);
      continue;
    }
    const fireAt = fireAtOf(task, ruleOf(row), timeZone);
    if (fireAt === row.fire_at) continue;
    await setFireAt(trx, row.id, fireAt);
    queued = (await enqueueFire(trx, deps, row.id, fireAt)) || queued;
  }
  return queued;
}

/** Adds reminders of these rules to a task and schedules them; answers whether it wrote a job. */
export async function addReminders(
  deps: AppDeps,
  trx: Db,
  userId: string,
  task: SchedulableTask,
  rules: ReminderRule[],
  timeZone: string,
): Promise<boolean> {
  const createdAt = deps.now().toISOString();
  const rows = rules.map((rule) => ({
    id: randomUUID(),
    user_id: userId,
    task_id: task.id,
    kind: rule.kind as ReminderKind,
    offset_minutes: rule.kind === 'before' ? rule.offsetMinutes : 0,
    fire_at: fireAtOf(task, rule, timeZone),
    fired_at: null,
    sent_via: null,
    created_at: createdAt,
  }));
  await insertReminders(trx, rows);
  let queued = false;
  for (const row of rows) queued = (await enqueueFire(trx, deps, row.id, row.fire_at)) || queued;
  return queued;
}

/** A one-off reminder at `fireAt` (a notification's "Snooze 10 min"). */
export async function addSnooze(deps: AppDeps, trx: Db, userId: string, taskId: string, fireAt: Date) {
  const row = {
    id: randomUUID(),
    user_id: userId,
    task_id: taskId,
    kind: 'snooze' as const,
    offset_minutes: 0,
    fire_at: fireAt.toISOString(),
    fired_at: null,
    sent_via: null,
    created_at: deps.now().toISOString(),
  };
  await insertReminders(trx, [row]);
  return enqueueFire(trx, deps, row.id, row.fire_at);
}
