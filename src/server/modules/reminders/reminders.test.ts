import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { expectError } from '../notes/notes-test-helpers.ts';
import { dueIn, putReminders, remindersOf, reminderUser } from './reminders-test-helpers.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(testEngines)('task reminders on %s', (engine) => {
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof reminderUser>>;

  const dataDir = mkdtempSync(join(tmpdir(), 'jotlist-vapid-'));

  beforeAll(async () => {
    ctx = await buildTestApp(engine, { DATA_DIR: dataDir });
    user = await reminderUser(ctx, 'Europe/Paris');
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const jobsFor = (reminderId: string) =>
    ctx.db.db
      .selectFrom('jobs')
      .select(['run_at', 'dedupe_key'])
      .where('payload', 'like', `%${reminderId}%`)
      .execute();

  it('lists reminders with their fire times in the account zone; all-day means 09:00 there', async () => {
    const timed = await user.api.createTask(user.todoId, {
      text: 'Call',
      dueDate: '2030-07-01',
      dueTime: '14:30',
    });
    const saved = await putReminders(user.api, timed, [
      { kind: 'atDue' },
      { kind: 'before', offsetMinutes: 90 },
      { kind: 'before', offsetMinutes: 90 },
    ]);
    // Paris is UTC+2 in July; the duplicate is kept once.
    expect(saved.reminders.map((r) => [r.kind, r.offsetMinutes, r.fireAt])).toEqual([
      ['before', 90, '2030-07-01T11:00:00.000Z'],
      ['atDue', 0, '2030-07-01T12:30:00.000Z'],
    ]);
    expect(await remindersOf(user.api, timed.id)).toEqual(saved.reminders);
    const fireJobs = await jobsFor(saved.reminders[0]?.id ?? '');
    expect(fireJobs).toEqual([
      {
        run_at: '2030-07-01T11:00:00.000Z',
        dedupe_key: `reminder:${saved.reminders[0]?.id}:2030-07-01T11:00:00.000Z`,
      },
    ]);

    const allDay = await user.api.createTask(user.todoId, { dueDate: '2030-01-15' });
    const [atNine] = (await putReminders(user.api, allDay, [{ kind: 'atDue' }])).reminders;
    expect(atNine?.fireAt).toBe('2030-01-15T08:00:00.000Z');
  });

  it('refuses reminders without a due date, more than five, or with bad offsets', async () => {
    const undated = await user.api.createTask(user.todoId);
    expectError(
      await user.api.request('PUT', `/api/tasks/${undated.id}/reminders`, { reminders: [{ kind: 'atDue' }] }),
      400,
      'validation_failed',
    );
    await putReminders(user.api, undated, []);
    const dated = await user.api.createTask(user.todoId, { dueDate: '2030-01-15' });
    const six = [1, 2, 3, 4, 5, 6].map((n) => ({ kind: 'before', offsetMinutes: n }));
    for (const reminders of [
      six,
      [{ kind: 'before', offsetMinutes: 0 }],
      [{ kind: 'before' }],
      [{ kind: 'soon' }],
    ]) {
      const res = await user.api.request('PUT', `/api/tasks/${dated.id}/reminders`, { reminders });
      expectError(res, 400, 'validation_failed');
    }
    expect(await remindersOf(user.api, dated.id)).toEqual([]);
  });

  it('moves reminders with the due date, cancels them on completion and restores them on reopening', async () => {
    const task = await user.api.createTask(user.todoId, { dueDate: '2030-03-10', dueTime: '10:00' });
    await putReminders(user.api, task, [{ kind: 'before', offsetMinutes: 60 }]);
    const patch = (body: object) => user.api.request('PATCH', `/api/tasks/${task.id}`, body);
    expect((await patch({ dueDate: '2030-03-12' })).statusCode).toBe(200);
    const [moved] = await remindersOf(user.api, task.id);
    expect(moved?.fireAt).toBe('2030-03-12T08:00:00.000Z');
    expect((await jobsFor(moved?.id ?? '')).map((job) => job.run_at)).toContain('2030-03-12T08:00:00.000Z');

    await patch({ completed: true });
    expect((await remindersOf(user.api, task.id))[0]?.fireAt).toBeNull();
    await patch({ completed: false });
    expect((await remindersOf(user.api, task.id))[0]?.fireAt).toBe('2030-03-12T08:00:00.000Z');
    await patch({ dueDate: null });
    expect((await remindersOf(user.api, task.id))[0]?.fireAt).toBeNull();
  });

  it("gives new tasks the account's default reminder", async () => {
    const other = await reminderUser(ctx);
    const set = await other.api.request('PUT', '/api/account/default-reminder', { minutes: 60 });
    expect(set.statusCode, set.body).toBe(200);
    expect((await other.api.request('GET', '/api/account/default-reminder')).json()).toEqual({ minutes: 60 });
    const task = await other.api.createTask(other.todoId, { dueDate: '2030-05-05', dueTime: '12:00' });
    expect((await remindersOf(other.api, task.id)).map((r) => [r.kind, r.offsetMinutes, r.fireAt])).toEqual([
      ['before', 60, '2030-05-05T11:00:00.000Z'],
    ]);
    // Without a date it waits for one.
    const undated = await other.api.createTask(other.todoId);
    expect((await remindersOf(other.api, undated.id))[0]?.fireAt).toBeNull();
    await other.api.request('PATCH', `/api/tasks/${undated.id}`, { dueDate: '2030-05-06' });
    expect((await remindersOf(other.api, undated.id))[0]?.fireAt).toBe('2030-05-06T08:00:00.000Z');

    await other.api.request('PUT', '/api/account/default-reminder', { minutes: null });
    expect(await remindersOf(other.api, (await other.api.createTask(other.todoId)).id)).toEqual([]);
    const bad = await other.api.request('PUT', '/api/account/default-reminder', { minutes: -5 });
    expectError(bad, 400, 'validation_failed');
  });

  it('does not schedule a fire time already past', async () => {
    const task = await user.api.createTask(user.todoId, dueIn(ctx, 30 * 60 * 1000));
    const [reminder] = (await putReminders(user.api, task, [{ kind: 'before', offsetMinutes: 60 }]))
      .reminders;
    expect(reminder?.fireAt).not.toBeNull();
    expect(await jobsFor(reminder?.id ?? '')).toEqual([]);
  });

  it("answers 404 for another user's task and subscription", async () => {
    const stranger = await reminderUser(ctx);
    const mine = await user.api.createTask(user.todoId, { dueDate: '2030-01-01' });
    expectError(await stranger.api.request('GET', `/api/tasks/${mine.id}/reminders`), 404, 'not_found');
    expectError(
      await stranger.api.request('PUT', `/api/tasks/${mine.id}/reminders`, {
        reminders: [{ kind: 'atDue' }],
      }),
      404,
      'not_found',
    );
    expect(await remindersOf(user.api, mine.id)).toEqual([]);
  });

  it('accepts https push endpoints (and loopback outside production), refusing anything else', async () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    const subscribe = (endpoint: string) =>
      user.api.request('POST', '/api/push/subscriptions', { endpoint, keys });
    for (const endpoint of ['https://push.example.com/abc', 'http://127.0.0.1:9/push/x']) {
      expect((await subscribe(endpoint)).statusCode).toBe(200);
    }
    // Again: the same row, replaced.
    expect((await subscribe('https://push.example.com/abc')).statusCode).toBe(200);
    for (const endpoint of [
      'http://push.example.com/abc',
      'https://10.0.0.5/push',
      'https://192.168.1.1/push',
      'https://[fd00::1]/x',
      'https://localhost.localhost/x',
      'ftp://push.example.com/x',
      'https://user:pw@push.example.com/x',
      'not a url',
    ]) {
      expectError(await subscribe(endpoint), 400, 'validation_failed');
    }
    const rows = () =>
      ctx.db.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', user.userId)
        .execute();
    expect((await rows()).map((row) => row.endpoint).sort()).toEqual([
      'http://127.0.0.1:9/push/x',
      'https://push.example.com/abc',
    ]);
    const removed = await user.api.request('DELETE', '/api/push/subscriptions', {
      endpoint: 'https://push.example.com/abc',
    });
    expect(removed.statusCode).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it('generates the VAPID key pair once into DATA_DIR and keeps it', async () => {
    const key = async () =>
      (await user.api.request('GET', '/api/push/public-key')).json().publicKey as string;
    const first = await key();
    expect(first).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const stored = JSON.parse(readFileSync(join(dataDir, 'vapid.json'), 'utf8')) as { publicKey: string };
    expect(stored.publicKey).toBe(first);
    expect(statSync(join(dataDir, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(await key()).toBe(first);
  });

  it('refuses reminder and subscription writes for a read-only account (unsubscribing stays open)', async () => {
    // Its own account whose trial ended (the clock stays: the other tests run in any order).
    const expired = await reminderUser(ctx);
    const task = await expired.api.createTask(expired.todoId, { dueDate: '2030-01-01' });
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    const mine = { endpoint: 'http://127.0.0.1:9/push/expired', keys };
    expect((await expired.api.request('POST', '/api/push/subscriptions', mine)).statusCode).toBe(200);
    await ctx.db.db
      .updateTable('user_profiles')
      .set({ trial_end_date: new Date(ctx.clock.now.getTime() - DAY).toISOString() })
      .where('id', '=', expired.userId)
      .execute();
    ctx.deps.context.caches.profiles.delete(expired.userId);
    const api = expired.api;
    expectError(
      await api.request('PUT', `/api/tasks/${task.id}/reminders`, { reminders: [{ kind: 'atDue' }] }),
      403,
      'read_only',
    );
    expectError(await api.request('PUT', '/api/account/default-reminder', { minutes: 0 }), 403, 'read_only');
    expectError(
      await api.request('POST', '/api/push/subscriptions', { endpoint: 'https://push.example.com/z', keys }),
      403,
      'read_only',
    );
    const off = await api.request('DELETE', '/api/push/subscriptions', { endpoint: mine.endpoint });
    expect(off.statusCode).toBe(200);
    const left = await ctx.db.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', mine.endpoint)
      .execute();
    expect(left).toEqual([]);
    expect((await api.request('GET', `/api/tasks/${task.id}/reminders`)).statusCode).toBe(200);
  });
});
