import { snoozeMinutes } from '../../../shared/domain/reminders.ts';
import { dayInTimeZone } from '../../../shared/domain/time-zone.ts';
import { messages } from '../../../shared/messages.ts';
import type { ReminderAction, ReminderActionResponse } from '../../../shared/schemas/reminder.ts';
import { AppError, notFound } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { afterTaskHooks } from '../../lib/task-hooks.ts';
import { isWritable } from '../entitlement/index.ts';
import { changeTask } from '../todos/index.ts';
import { verifyActionToken } from './action-token.ts';
import { findTaskForReminder, profileReminderSettings } from './reminders.repo.ts';
import { addSnooze } from './schedule.ts';

/** The day after `day` (`YYYY-MM-DD`), by the calendar. */
function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/**
 * A notification's button, from the token it carries (no session): Done completes the task (again: a
 * no-op), Snooze adds a one-off reminder 10 minutes on, Tomorrow moves the due date a day (the time
 * stays; a task without a date becomes due tomorrow in the account's zone). A bad or expired token
 * writes nothing; a read-only account is refused as everywhere.
 */
export async function runReminderAction(
  deps: AppDeps,
  token: string,
  action: ReminderAction,
): Promise<ReminderActionResponse> {
  const verified = verifyActionToken(deps.secretKey, token, deps.now());
  if (!verified.ok) {
    const message =
      verified.reason === 'expired' ? messages.reminders.tokenExpired : messages.reminders.tokenInvalid;
    throw new AppError('invalid_token', 401, message);
  }
  const { userId, taskId } = verified.claims;
  const { db } = deps.database;
  const task = await findTaskForReminder(db, userId, taskId);
  if (!task) throw notFound(messages.api.notFound);
  if (!(await isWritable(deps, userId))) throw new AppError('read_only', 403, messages.api.readOnly);
  const answer = (t: { completed: boolean; dueDate: string | null; dueTime: string | null }) => ({
    ok: true as const,
    taskId,
    ...t,
  });
  const current = { completed: Number(task.completed) === 1, dueDate: task.due_date, dueTime: task.due_time };
  if (action === 'done') {
    if (current.completed) return answer(current);
    const done = await changeTask(deps, userId, taskId, { completed: true });
    return answer(done);
  }
  if (action === 'tomorrow') {
    const { timeZone } = await profileReminderSettings(db, userId);
    const from = task.due_date ?? dayInTimeZone(deps.now(), timeZone);
    const moved = await changeTask(deps, userId, taskId, { dueDate: nextDay(from) });
    return answer(moved);
  }
  const at = new Date(deps.now().getTime() + snoozeMinutes * 60_000);
  const queued = await db.transaction().execute((trx) => addSnooze(deps, trx, userId, taskId, at));
  afterTaskHooks(deps, queued);
  return answer(current);
}
