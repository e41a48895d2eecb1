import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authCleanupJob } from '../modules/auth/index.ts';
import { signedInUser } from '../test/auth-helpers.ts';
import { testEngines } from '../test/engines.ts';
import { buildTestApp, type TestContext } from '../test/test-app.ts';
import { defineJob, registerJobs, wakeJobs } from './queue.ts';
import { backoffMs, createJobWorker, drainJobs } from './worker.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testEngines)('durable jobs on %s', (engine) => {
  let ctx: TestContext;
  const ran: string[] = [];
  const failuresLeft = new Map<string, number>();

  const recordJob = defineJob({
    kind: 'test.record',
    payload: z.object({ label: z.string() }),
    maxAttempts: 3,
    async run(_deps, { label }) {
      const left = failuresLeft.get(label) ?? 0;
      if (left > 0) {
        failuresLeft.set(label, left - 1);
        throw new Error(`${label} failed on purpose`);
      }
      ran.push(label);
    },
  });

  // Two jobs of a concurrent kind that each wait for the other to start: they finish only side by side.
  const started = new Map<string, () => void>();
  const startedSignals = new Map<string, Promise<void>>();
  const signalFor = (label: string) => {
    if (!startedSignals.has(label)) {
      startedSignals.set(label, new Promise<void>((resolve) => started.set(label, resolve)));
    }
    return startedSignals.get(label) as Promise<void>;
  };
  const meetJob = defineJob({
    kind: 'test.meet',
    payload: z.object({ label: z.string(), partner: z.string() }),
    maxAttempts: 1,
    concurrent: true,
    async run(_deps, { label, partner }) {
      void signalFor(label);
      started.get(label)?.();
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`${partner} never started beside ${label}`)), 5_000).unref(),
      );
      await Promise.race([signalFor(partner), timeout]);
      ran.push(label);
    },
  });

  const jobRow = (label: string) =>
    ctx.db.db
      .selectFrom('jobs')
      .selectAll()
      .where('payload', '=', JSON.stringify({ label }))
      .executeTakeFirst();

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    registerJobs(ctx.deps, [recordJob, meetJob]);
  });
  afterAll(() => ctx.close());

  it('runs a job written in a transaction only once the transaction commits', async () => {
    await ctx.db.db
      .transaction()
      .execute(async (trx) => {
        await recordJob.enqueue(trx, ctx.clock.now, { label: 'rolled-back' });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await ctx.db.db
      .transaction()
      .execute((trx) => recordJob.enqueue(trx, ctx.clock.now, { label: 'committed' }));
    wakeJobs(ctx.deps);
    await drainJobs(ctx.deps);
    expect(ran).toContain('committed');
    expect(ran).not.toContain('rolled-back');
    expect(await jobRow('committed')).toBeUndefined();
  });

  it('retries a failing job with backoff, then succeeds', async () => {
    failuresLeft.set('flaky', 1);
    await recordJob.enqueue(ctx.db.db, ctx.clock.now, { label: 'flaky' });
    await drainJobs(ctx.deps);
    const waiting = await jobRow('flaky');
    expect(waiting?.attempts).toBe(1);
    expect(waiting?.last_error).toBe('flaky failed on purpose');
    expect(new Date(waiting?.run_at ?? 0).getTime()).toBeGreaterThan(ctx.clock.now.getTime());
    expect(ran).not.toContain('flaky');

    ctx.clock.advance(backoffMs(1) * 2);
    await drainJobs(ctx.deps);
    expect(ran).toContain('flaky');
    expect(await jobRow('flaky')).toBeUndefined();
  });

  it('gives up after its attempts and keeps the job for a person to look at', async () => {
    failuresLeft.set('doomed', 10);
    await recordJob.enqueue(ctx.db.db, ctx.clock.now, { label: 'doomed' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await drainJobs(ctx.deps);
      ctx.clock.advance(2 * 60 * 60 * 1000);
    }
    await drainJobs(ctx.deps);
    const dead = await jobRow('doomed');
    expect(dead?.attempts).toBe(3);
    expect(dead?.dead_at).not.toBeNull();
    expect(failuresLeft.get('doomed')).toBe(7);
  });

  it('lets one job in per dedupe key', async () => {
    const first = await recordJob.enqueue(ctx.db.db, ctx.clock.now, { label: 'once' }, { dedupeKey: 'k1' });
    const second = await recordJob.enqueue(ctx.db.db, ctx.clock.now, { label: 'once' }, { dedupeKey: 'k1' });
    await drainJobs(ctx.deps);
    const third = await recordJob.enqueue(ctx.db.db, ctx.clock.now, { label: 'once' }, { dedupeKey: 'k1' });
    await drainJobs(ctx.deps);
    expect([first, second, third]).toEqual([true, false, false]);
    expect(ran.filter((label) => label === 'once')).toHaveLength(1);
  });

  it('runs a job again when the worker that claimed it died (its lease ran out)', async () => {
    // A worker that claimed it and vanished: the lease is the only thing holding it. Written in one
    // transaction so the app's own polling worker never sees the job unclaimed.
    await ctx.db.db.transaction().execute(async (trx) => {
      await recordJob.enqueue(trx, ctx.clock.now, { label: 'orphan' });
      await trx
        .updateTable('jobs')
        .set({
          locked_by: 'dead-worker',
          locked_until: new Date(ctx.clock.now.getTime() + 60_000).toISOString(),
        })
        .where('payload', '=', JSON.stringify({ label: 'orphan' }))
        .execute();
    });
    await drainJobs(ctx.deps);
    expect(ran).not.toContain('orphan');
    ctx.clock.advance(61_000);
    await drainJobs(ctx.deps);
    expect(ran).toContain('orphan');
  });

  it('runs the claimed jobs of a concurrent kind side by side', async () => {
    // One transaction, so one claim takes both.
    await ctx.db.db.transaction().execute(async (trx) => {
      await meetJob.enqueue(trx, ctx.clock.now, { label: 'left', partner: 'right' });
      await meetJob.enqueue(trx, ctx.clock.now, { label: 'right', partner: 'left' });
    });
    await drainJobs(ctx.deps);
    expect(ran).toEqual(expect.arrayContaining(['left', 'right']));
  });

  it('never runs a job twice when several workers drain at once', async () => {
    const labels = Array.from({ length: 200 }, (_, i) => `many-${i}`);
    for (const label of labels) await recordJob.enqueue(ctx.db.db, ctx.clock.now, { label });
    const others = [createJobWorker(ctx.deps), createJobWorker(ctx.deps)];
    await Promise.all([drainJobs(ctx.deps), ...others.map((worker) => worker.drain())]);
    await Promise.all(others.map((worker) => worker.stop()));
    const runs = ran.filter((label) => label.startsWith('many-'));
    expect(runs).toHaveLength(200);
    expect(new Set(runs).size).toBe(200);
  });

  it('cleans up expired sessions and their refresh tokens', async () => {
    const user = await signedInUser(ctx);
    const sessionsOf = () =>
      ctx.db.db.selectFrom('sessions').select('id').where('user_id', '=', user.userId).execute();
    expect(await sessionsOf()).toHaveLength(1);
    ctx.clock.advance(2 * DAY);
    await authCleanupJob.enqueue(ctx.db.db, ctx.clock.now, {});
    await drainJobs(ctx.deps);
    expect(await sessionsOf()).toHaveLength(0);
  });
});
