import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { expectError } from '../notes/notes-test-helpers.ts';
import { signActionToken } from './action-token.ts';
import { reminderUser } from './reminders-test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testEngines)('reminder actions on %s', (engine) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  /** The action as a service worker sends it: no cookie at all. */
  const act = (token: string, action: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/reminders/actions', payload: { token, action } });

  async function taskWithToken(body: object = { dueDate: '2030-04-10', dueTime: '08:15' }) {
    const user = await reminderUser(ctx);
    const task = await user.api.createTask(user.todoId, { text: 'Act on me', ...body });
    const token = signActionToken(
      ctx.deps.secretKey,
      { taskId: task.id, userId: user.userId },
      ctx.clock.now,
    );
    const row = () =>
      ctx.db.db
        .selectFrom('todo_items')
        .select(['completed', 'due_date', 'due_time', 'updated_at'])
        .where('id', '=', task.id)
        .executeTakeFirstOrThrow();
    return { user, task, token, row };
  }

  it('completes the task without a session; a replay changes nothing', async () => {
    const { token, row } = await taskWithToken();
    const res = await act(token, 'done');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, completed: true });
    const after = await row();
    expect(Number(after.completed)).toBe(1);
    ctx.clock.advance(1000);
    expect((await act(token, 'done')).statusCode).toBe(200);
    expect((await row()).updated_at).toBe(after.updated_at);
  });

  it('moves the due date to the next day keeping the time', async () => {
    const { token, row } = await taskWithToken();
    const res = await act(token, 'tomorrow');
    expect(res.json()).toMatchObject({ dueDate: '2030-04-11', dueTime: '08:15' });
    expect(await row()).toMatchObject({ due_date: '2030-04-11', due_time: '08:15' });
  });

  it('snoozes: a one-off reminder ten minutes later, sent then', async () => {
    const { user, task, token } = await taskWithToken();
    expect((await act(token, 'snooze10')).statusCode).toBe(200);
    const [snooze] = await ctx.db.db
      .selectFrom('task_reminders')
      .selectAll()
      .where('task_id', '=', task.id)
      .execute();
    expect(snooze).toMatchObject({
      kind: 'snooze',
      fire_at: new Date(ctx.clock.now.getTime() + 10 * 60_000).toISOString(),
    });
    ctx.clock.advance(11 * 60_000);
    await ctx.settle();
    await ctx.smtp.waitFor((m) => m.to.includes(user.email) && m.subject === 'Reminder: Act on me');
  });

  it('refuses a tampered, foreign-signed or expired token and writes nothing', async () => {
    const { user, task, token, row } = await taskWithToken();
    const before = await row();
    const [body = '', signature = ''] = token.split('.');
    const otherTask = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), t: 'another-task' }),
    ).toString('base64url');
    const foreign = signActionToken(
      Buffer.alloc(32, 9),
      { taskId: task.id, userId: user.userId },
      ctx.clock.now,
    );
    for (const bad of [
      `${otherTask}.${signature}`,
      `${body}.${signature.slice(0, -2)}AA`,
      foreign,
      'garbage',
    ]) {
      expectError(await act(bad, 'done'), 401, 'invalid_token');
    }
    const old = signActionToken(
      ctx.deps.secretKey,
      { taskId: task.id, userId: user.userId },
      new Date(ctx.clock.now.getTime() - 8 * DAY),
    );
    const expired = await act(old, 'done');
    expectError(expired, 401, 'invalid_token');
    expect(expired.json().error.message).toMatch(/expired/);
    expectError(await act(token, 'explode'), 400, 'validation_failed');
    expect(await row()).toEqual(before);
  });

  it('answers 404 once the task is gone, and refuses a read-only account', async () => {
    const gone = await taskWithToken();
    await gone.user.api.request('DELETE', `/api/tasks/${gone.task.id}`);
    expectError(await act(gone.token, 'done'), 404, 'not_found');

    const expired = await taskWithToken();
    await ctx.db.db
      .updateTable('user_profiles')
      .set({ trial_end_date: new Date(ctx.clock.now.getTime() - DAY).toISOString() })
      .where('id', '=', expired.user.userId)
      .execute();
    ctx.deps.context.caches.profiles.delete(expired.user.userId);
    expectError(await act(expired.token, 'done'), 403, 'read_only');
    expect(Number((await expired.row()).completed)).toBe(0);
  });

  it('limits how often one address may try tokens', async () => {
    const tries = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/reminders/actions',
        remoteAddress,
        payload: { token: 'x.y', action: 'done' },
      });
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await tries('10.200.0.1')).statusCode);
    expect(answers.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(answers[30]).toBe(429);
    expect((await tries('10.200.0.2')).statusCode).toBe(401);
  });
});
