import type { FastifyBaseLogger } from 'fastify';
import { reminderBase } from '../../../shared/domain/reminders.ts';
import { messages } from '../../../shared/messages.ts';
import type { ReminderPushPayload } from '../../../shared/schemas/reminder.ts';
import type { AppDeps } from '../../deps.ts';
import { enqueueMail } from '../../jobs/mail.job.ts';
import { wakeJobs } from '../../jobs/queue.ts';
import { signActionToken } from './action-token.ts';
import { forgetSubscription, recordPushResult, subscriptionsOf } from './push.repo.ts';
import { sendPush } from './push-sender.ts';
import { profileReminderSettings, userEmail } from './reminders.repo.ts';

export interface ReminderTask {
  id: string;
  text: string;
  due_date: string | null;
  due_time: string | null;
  todo_id: string;
  category_id: string;
}

const m = messages.reminders;
const hourMs = 60 * 60 * 1000;
const isStale = (at: string | null, now: Date) => at === null || now.getTime() - Date.parse(at) > hourMs;

/** The due moment as the person reads it, in their zone: `Fri 27 Nov, 14:30` (or the day alone). */
function dueText(task: ReminderTask, timeZone: string): string {
  const base = reminderBase({ dueDate: task.due_date, dueTime: task.due_time }, timeZone);
  if (!base) return '';
  const options: Intl.DateTimeFormatOptions = { timeZone, weekday: 'short', day: 'numeric', month: 'short' };
  if (task.due_time) Object.assign(options, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return new Intl.DateTimeFormat('en-GB', options).format(base);
}

/** The deep link that opens the task in the workspace (the client's use-deep-link.ts). */
export const taskPath = (task: ReminderTask) =>
  `/app?todo=${task.todo_id}&category=${task.category_id}&item=${task.id}`;

/**
 * Sends one reminder: Web Push to every browser the person subscribed (a 404 or 410 from the push service
 * means the browser dropped the subscription: it is forgotten), and an e-mail when there is no browser or
 * no push got through. Answers how it went out.
 */
export async function deliverReminder(
  deps: AppDeps,
  input: { userId: string; task: ReminderTask; late: boolean; log: FastifyBaseLogger },
): Promise<'push' | 'email'> {
  const { db } = deps.database;
  const { userId, task, late, log } = input;
  const { timeZone } = await profileReminderSettings(db, userId);
  const due = reminderBase({ dueDate: task.due_date, dueTime: task.due_time }, timeZone);
  const body = `${late ? `${m.late} · ` : ''}${m.dueAt(dueText(task, timeZone))}`;
  const payload: ReminderPushPayload = {
    taskId: task.id,
    title: task.text,
    body,
    due: (due ?? deps.now()).toISOString(),
    late,
    token: signActionToken(deps.secretKey, { taskId: task.id, userId }, deps.now()),
    url: taskPath(task),
    actions: [
      { action: 'done', title: m.done },
      { action: 'snooze10', title: m.snooze },
      { action: 'tomorrow', title: m.tomorrow },
    ],
  };
  let delivered = 0;
  for (const subscription of await subscriptionsOf(db, userId)) {
    const result = await sendPush(deps, subscription, JSON.stringify(payload));
    const at = deps.now().toISOString();
    if (result.ok) {
      delivered += 1;
      // One write less per push: a success is recorded when it clears a failure or is an hour newer.
      if (subscription.last_failure !== null || isStale(subscription.last_success_at, deps.now())) {
        await recordPushResult(db, subscription.id, at, null);
      }
    } else if (result.gone) {
      log.info({ event: 'push.subscription_gone', status: result.status }, 'push subscription removed');
      await forgetSubscription(db, subscription.id);
    } else {
      log.warn({ event: 'push.failed', status: result.status, reason: result.reason }, 'push failed');
      await recordPushResult(db, subscription.id, at, result.reason);
    }
  }
  if (delivered > 0) return 'push';
  const user = await userEmail(db, userId);
  if (user) {
    await enqueueMail(db, deps, {
      to: user.email,
      subject: m.mailSubject(task.text),
      text: `${body}\n\n${task.text}\n\n${deps.config.APP_URL}${taskPath(task)}\n`,
    });
    wakeJobs(deps);
  }
  return 'email';
}
