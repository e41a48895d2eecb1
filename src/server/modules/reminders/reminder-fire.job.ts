import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { deliverReminder } from './reminder-delivery.ts';
import { claimReminder, findReminderById, findTaskForReminder, markSentVia } from './reminders.repo.ts';

/** A reminder later than this after its fire instant says so ("late": the server was down meanwhile). */
export const lateAfterMs = 2 * 60 * 1000;

/**
 * One reminder at one fire instant. The job's dedupe key (reminder + instant) makes one job per instant;
 * the claim (`fired_at` set only where still null for this instant) makes one send even if the job runs
 * again. A job whose reminder was rescheduled, deleted or whose task is done meanwhile sends nothing.
 */
export const reminderFireJob = defineJob({
  kind: 'reminder.fire',
  payload: z.object({ reminderId: z.string(), fireAt: z.string() }),
  maxAttempts: 5,
  async run(deps, { reminderId, fireAt }, { log }) {
    const { db } = deps.database;
    const reminder = await findReminderById(db, reminderId);
    if (!reminder || reminder.fire_at !== fireAt) return;
    const task = await findTaskForReminder(db, reminder.user_id, reminder.task_id);
    const now = deps.now();
    if (!(await claimReminder(db, reminderId, fireAt, now.toISOString()))) return;
    if (!task || Number(task.completed) === 1) {
      await markSentVia(db, reminderId, 'none');
      return;
    }
    const late = now.getTime() - Date.parse(fireAt) > lateAfterMs;
    if (late) {
      log.warn(
        { event: 'reminder.late', reminderId, fireAt, lateMs: now.getTime() - Date.parse(fireAt) },
        'late reminder',
      );
    }
    const via = await deliverReminder(deps, { userId: reminder.user_id, task, late, log });
    await markSentVia(db, reminderId, via);
  },
});
