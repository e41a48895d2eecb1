import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { ReminderPushPayload } from '../../../shared/schemas/reminder.ts';
import { createJobWorker, drainJobs } from '../../jobs/worker.ts';
import { testEngines } from '../../test/engines.ts';
import {
  startTestPushService,
  type TestPushService,
  type TestSubscription,
} from '../../test/push-service.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { dueIn, putReminders, reminderUser } from './reminders-test-helpers.ts';

const MINUTE = 60 * 1000;

describe.each(testEngines)('reminder delivery on %s', (engine) => {
  let ctx: TestContext;
  let push: TestPushService;
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    push = await startTestPushService();
    ctx = await buildTestApp(engine, {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });
  });
  afterAll(async () => {
    await ctx.close();
    await push.close();
  });

  async function userWithBrowser() {
    const user = await reminderUser(ctx);
    const browser = push.subscribe();
    const saved = await user.api.request('POST', '/api/push/subscriptions', browser);
    expect(saved.statusCode, saved.body).toBe(200);
    return { ...user, browser };
  }

  /** A task due `inMs` from now with one "at due time" reminder. */
  async function remindedTask(
    user: Awaited<ReturnType<typeof reminderUser>>,
    text: string,
    inMs = 30 * MINUTE,
  ) {
    const task = await user.api.createTask(user.todoId, { text, ...dueIn(ctx, inMs) });
    await putReminders(user.api, task, [{ kind: 'atDue' }]);
    return task;
  }

  const pushesTo = (browser: TestSubscription) =>
    push.received.filter((p) => p.endpoint === browser.endpoint);
  const sentVia = async (taskId: string) =>
    (
      await ctx.db.db.selectFrom('task_reminders').select('sent_via').where('task_id', '=', taskId).execute()
    ).map((row) => row.sent_via);

  it('pushes an encrypted, VAPID-signed reminder to every browser of the person at its fire time', async () => {
    const user = await userWithBrowser();
    const second = push.subscribe();
    await user.api.request('POST', '/api/push/subscriptions', second);
    const task = await remindedTask(user, 'Call the plumber');
    await ctx.settle();
    expect(pushesTo(user.browser)).toEqual([]);

    ctx.clock.advance(31 * MINUTE);
    await ctx.settle();
    const [received] = pushesTo(user.browser);
    expect(pushesTo(second)).toHaveLength(1);
    expect(push.rejected).toEqual([]);
    expect(received?.vapidKey).toBe(vapid.publicKey);
    expect(received?.headers.ttl).toBe('86400');
    expect(received?.headers.urgency).toBe('high');
    const payload = received?.payload as ReminderPushPayload;
    expect(payload).toMatchObject({
      taskId: task.id,
      title: 'Call the plumber',
      late: false,
      url: `/app?todo=${task.todoId}&category=${task.categoryId}&item=${task.id}`,
      actions: [
        { action: 'done', title: 'Done' },
        { action: 'snooze10', title: 'Snooze 10 min' },
        { action: 'tomorrow', title: 'Tomorrow' },
      ],
    });
    expect(payload.body).toMatch(/^Due /);
    expect(payload.token.length).toBeGreaterThan(20);
    // The session of the test user ran out with the clock: read the row itself.
    const row = await ctx.db.db
      .selectFrom('task_reminders')
      .select(['sent_via', 'fired_at'])
      .where('task_id', '=', task.id)
      .executeTakeFirst();
    expect(row?.sent_via).toBe('push');
    expect(row?.fired_at).not.toBeNull();
  });

  it('e-mails the reminder when the person has no browser subscribed', async () => {
    const user = await reminderUser(ctx);
    const task = await remindedTask(user, 'Renew passport');
    ctx.clock.advance(31 * MINUTE);
    await ctx.settle();
    const mail = await ctx.smtp.waitFor(
      (m) => m.to.includes(user.email) && m.subject === 'Reminder: Renew passport',
    );
    expect(mail.text).toContain(`item=${task.id}`);
    expect(await sentVia(task.id)).toEqual(['email']);
  });

  it('forgets a subscription the push service answers 410 for, and e-mails instead', async () => {
    const user = await userWithBrowser();
    user.browser.status = 410;
    const task = await remindedTask(user, 'Water plants');
    ctx.clock.advance(31 * MINUTE);
    await ctx.settle();
    await ctx.smtp.waitFor((m) => m.to.includes(user.email) && m.subject === 'Reminder: Water plants');
    const left = await ctx.db.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(left).toEqual([]);
    expect(await sentVia(task.id)).toEqual(['email']);
  });

  it('sends nothing for a task completed or deleted before its reminder fires', async () => {
    const user = await userWithBrowser();
    const done = await remindedTask(user, 'Finished early');
    const gone = await remindedTask(user, 'Deleted');
    expect((await user.api.request('PATCH', `/api/tasks/${done.id}`, { completed: true })).statusCode).toBe(
      200,
    );
    expect((await user.api.request('DELETE', `/api/tasks/${gone.id}`)).statusCode).toBe(204);
    ctx.clock.advance(31 * MINUTE);
    await ctx.settle();
    expect(pushesTo(user.browser)).toEqual([]);
    expect(
      ctx.smtp.messages.filter((m) => m.to.includes(user.email) && m.subject.startsWith('Reminder')),
    ).toEqual([]);
  });

  it('fires once when several workers drain at the same time', async () => {
    const user = await userWithBrowser();
    const tasks = [];
    for (let i = 0; i < 5; i++) tasks.push(await remindedTask(user, `Parallel ${i}`));
    ctx.clock.advance(31 * MINUTE);
    const others = [createJobWorker(ctx.deps), createJobWorker(ctx.deps)];
    await Promise.all([drainJobs(ctx.deps), ...others.map((worker) => worker.drain())]);
    await Promise.all(others.map((worker) => worker.stop()));
    await ctx.settle();
    const ids = pushesTo(user.browser).map((p) => (p.payload as ReminderPushPayload).taskId);
    expect(ids.sort()).toEqual(tasks.map((t) => t.id).sort());
  });

  it('sends a reminder whose time passed while the server was down, marked late', async () => {
    const user = await userWithBrowser();
    await remindedTask(user, 'Overdue while down', 5 * MINUTE);
    // The server was down: nothing ran until well after the fire time.
    ctx.clock.advance(3 * 60 * MINUTE);
    await ctx.settle();
    const [received] = pushesTo(user.browser);
    expect(received?.payload).toMatchObject({ title: 'Overdue while down', late: true });
    expect((received?.payload as ReminderPushPayload | undefined)?.body).toMatch(/^Late reminder · Due /);
  });

  it('follows a moved due date: the old instant sends nothing, the new one sends', async () => {
    const user = await userWithBrowser();
    const task = await remindedTask(user, 'Moved');
    await user.api.request('PATCH', `/api/tasks/${task.id}`, dueIn(ctx, 90 * MINUTE));
    ctx.clock.advance(31 * MINUTE);
    await ctx.settle();
    expect(pushesTo(user.browser)).toEqual([]);
    ctx.clock.advance(60 * MINUTE);
    await ctx.settle();
    expect(pushesTo(user.browser)).toHaveLength(1);
  });

  it("moves a reminder when the account's time zone changed, instead of sending it at the old time", async () => {
    const user = await userWithBrowser();
    await remindedTask(user, 'Zone moved');
    const zone = await user.api.request('PUT', '/api/account/time-zone', { timeZone: 'America/New_York' });
    expect(zone.statusCode).toBe(200);
    ctx.clock.advance(31 * MINUTE);
    await ctx.settle();
    expect(pushesTo(user.browser)).toEqual([]);
    // New York is four or five hours behind UTC: the same wall-clock time comes that much later.
    ctx.clock.advance(5 * 60 * MINUTE);
    await ctx.settle();
    expect(pushesTo(user.browser)).toHaveLength(1);
    expect(pushesTo(user.browser)[0]?.payload).toMatchObject({ title: 'Zone moved', late: false });
  });
});
