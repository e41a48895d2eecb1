import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { AppDeps, RegisteredJob } from '../deps.ts';
import { insertJob } from './jobs.repo.ts';

/**
 * Durable background work (docs/ARCHITECTURE.md). A job is a row written with `enqueue` — inside the
 * transaction of the change that causes it, so the two commit or roll back together — and run later by
 * the worker (worker.ts) with retries and exponential backoff. Nothing that matters lives only in
 * process memory: a crash after the answer loses no mail.
 *
 *   export const confirmationMailJob = defineJob({ kind: 'auth.confirmation_mail', payload: schema,
 *     run: (deps, payload) => deps.mailer.send(...) });
 *   await confirmationMailJob.enqueue(trx, deps.now(), { to, token });   // in the transaction
 *   wakeJobs(deps);                                                      // after it commits
 *
 * Handlers must be idempotent: a job may run again after a crash between its effect and its removal.
 */

export interface JobContext {
  log: FastifyBaseLogger;
  /** 1 on the first run. */
  attempt: number;
}

export interface JobDefinition<Schema extends z.ZodType> {
  kind: string;
  payload: Schema;
  /** Attempts before the job is buried (kept with dead_at, logged). Default 8. */
  maxAttempts?: number;
  /**
   * Independent, I/O-bound jobs (one push or one mail each) whose claimed batch may run side by side
   * rather than one after another: a minute's ten thousand reminders would otherwise queue behind each
   * other's network round trips. Leave it off for jobs that touch shared state in order.
   */
  concurrent?: boolean;
  run(deps: AppDeps, payload: z.infer<Schema>, context: JobContext): Promise<void>;
}

export interface Job<Schema extends z.ZodType> extends JobDefinition<Schema> {
  /** Writes the job; with a dedupe key already used, nothing is written and it answers false. */
  enqueue(
    db: Db,
    now: Date,
    payload: z.infer<Schema>,
    options?: { runAt?: Date; dedupeKey?: string },
  ): Promise<boolean>;
}

export const defaultMaxAttempts = 8;

export function defineJob<Schema extends z.ZodType>(definition: JobDefinition<Schema>): Job<Schema> {
  return {
    ...definition,
    enqueue: (db, now, payload, options = {}) =>
      insertJob(db, {
        id: randomUUID(),
        kind: definition.kind,
        payload: JSON.stringify(definition.payload.parse(payload)),
        dedupe_key: options.dedupeKey ?? null,
        run_at: (options.runAt ?? now).toISOString(),
        attempts: 0,
        max_attempts: definition.maxAttempts ?? defaultMaxAttempts,
        locked_until: null,
        locked_by: null,
        last_error: null,
        done_at: null,
        dead_at: null,
        created_at: now.toISOString(),
      }),
  };
}

/** Method signatures above keep a concrete job assignable here (parameters are compared bivariantly). */
type AnyJob = Job<z.ZodType>;

/** This app's job kinds (`deps.context.jobs.kinds`): the worker runs only these. */
export function jobRegistry(deps: AppDeps): ReadonlyMap<string, RegisteredJob> {
  return deps.context.jobs.kinds;
}

/** Makes the worker of this app run these kinds (app.ts lists them; billing adds its own when on). */
export function registerJobs(deps: AppDeps, jobs: AnyJob[]): void {
  for (const job of jobs) deps.context.jobs.kinds.set(job.kind, job);
}

/** After a transaction that enqueued jobs commits: run them now instead of at the next poll. */
export function wakeJobs(deps: AppDeps): void {
  deps.context.jobs.worker?.wake();
}

/** Writes a job on its own (no surrounding transaction) and wakes the worker. */
export async function enqueueNow<Schema extends z.ZodType>(
  deps: AppDeps,
  job: Job<Schema>,
  payload: z.infer<Schema>,
): Promise<void> {
  await job.enqueue(deps.database.db, deps.now(), payload);
  wakeJobs(deps);
}
