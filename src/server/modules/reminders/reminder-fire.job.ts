import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { expectedFireAt, type SchedulableTask } from './fire-time.ts';
import { deliverReminder } from './reminder-delivery.ts';
import {
  claimReminder,
  findReminderById,
  findTaskForReminder,
  markSentVia,
  type ReminderRow,
  setFireAt,
} from './reminders.repo.ts';

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
  // Each reminder is its own push round trip: a claimed batch sends side by side.
  concurrent: true,
  async run(deps, { reminderId, fireAt }, { log }) {
    const { db } = deps.database;
    const reminder = await findReminderById(db, reminderId);
    if (!reminder || reminder.fire_at !== fireAt) return;
    const task = await findTaskForReminder(db, reminder.user_id, reminder.task_id);
    // The account's time zone may have changed since it was scheduled: move it instead of sending early.
    if (task && (await movedSince(deps, reminder, task))) return;
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

/** Reschedules (and answers true) when the reminder's fire instant no longer matches its task and zone. */
async function movedSince(deps: AppDeps, reminder: ReminderRow, task: SchedulableTask): Promise<boolean> {
  if (reminder.kind === 'snooze') return false;
  const { db } = deps.database;
  const expected = await expectedFireAt(db, reminder, task);
  if (expected === reminder.fire_at) return false;
  await db.transaction().execute(async (trx) => {
    await setFireAt(trx, reminder.id, expected);
    await enqueueFire(trx, deps, reminder.id, expected);
  });
  return true;
}

/** Writes the job for a fire instant still ahead; an instant already past is not sent. */
export async function enqueueFire(
  trx: Db,
  deps: AppDeps,
  id: string,
  fireAt: string | null,
): Promise<boolean> {
  if (!fireAt || Date.parse(fireAt) <= deps.now().getTime()) return false;
  return reminderFireJob.enqueue(
    trx,
    deps.now(),
    { reminderId: id, fireAt },
    { runAt: new Date(fireAt), dedupeKey: `reminder:${id}:${fireAt}` },
  );
}
