import { randomUUID } from 'node:crypto';
import { writePauseOf } from '../db/write-pause.ts';
import type { AppDeps } from '../deps.ts';
import { buryJob, claimJobs, finishJob, type JobRow, renewLease, retryJob } from './jobs.repo.ts';
import { jobRegistry } from './queue.ts';

export interface WorkerOptions {
  /** How often the table is polled when nothing woke the worker. */
  pollMs: number;
  /** How long a claim holds before another worker may take the job (a crashed worker's jobs return). */
  leaseMs: number;
  batchSize: number;
}

export const defaultWorkerOptions: WorkerOptions = { pollMs: 1_000, leaseMs: 30_000, batchSize: 20 };

/** The app's worker settings: the lease comes from JOB_LEASE_SECONDS. */
export function workerOptionsFor(deps: AppDeps): WorkerOptions {
  return { ...defaultWorkerOptions, leaseMs: deps.config.JOB_LEASE_SECONDS * 1000 };
}

export interface JobWorker {
  /** Runs due jobs until none is left (tests: the positive signal that background work has finished). */
  drain(): Promise<void>;
  /** Stops polling and waits for the jobs in hand (graceful shutdown). */
  stop(): Promise<void>;
  /** Looks for due jobs now rather than at the next poll. */
  wake(): void;
}

/** 5 s, 10 s, 20 s … capped at an hour, with ±20 % jitter so retries of many jobs spread out. */
export function backoffMs(attempt: number): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 60 * 60_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * The backoff, or longer when the error says how long to wait (`retryAfterMs`, e.g. a provider's 429
 * `Retry-After` carried by calendar sync's ProviderError), capped at an hour.
 */
export function retryDelayMs(attempt: number, error: unknown): number {
  const hinted = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  const wait = typeof hinted === 'number' && Number.isFinite(hinted) ? Math.min(hinted, 60 * 60_000) : 0;
  return Math.max(backoffMs(attempt), wait);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Polls the jobs table, claims due jobs (jobs.repo.ts: SKIP LOCKED on PostgreSQL, so several instances
 * share the work and none runs a job twice at once), runs each through its registered definition, then
 * finishes, retries with backoff, or buries it and logs that it gave up.
 */
export function startJobWorker(deps: AppDeps, options: WorkerOptions = workerOptionsFor(deps)): JobWorker {
  const worker = createJobWorker(deps, options);
  deps.context.jobs.worker = worker;
  return worker;
}

/** Runs this app's due jobs to the end: the positive signal tests wait for before asserting. */
export async function drainJobs(deps: AppDeps): Promise<void> {
  await deps.context.jobs.worker?.drain();
}

/** A worker not tied to the app's wake-ups: another instance sharing the database, in tests. */
export function createJobWorker(deps: AppDeps, options: WorkerOptions = workerOptionsFor(deps)): JobWorker {
  const workerId = randomUUID();
  const { db, engine } = deps.database;
  const log = deps.logger;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  async function runOne(job: JobRow): Promise<void> {
    const now = () => deps.now().toISOString();
    const definition = jobRegistry(deps).get(job.kind);
    // While the job runs its claim is renewed, so the lease can be short (a crashed worker's jobs come
    // back soon) without a slow job being taken by another worker mid-run.
    const renewal = setInterval(() => {
      const until = new Date(deps.now().getTime() + options.leaseMs).toISOString();
      renewLease(db, job, until).catch((error: unknown) => {
        log.warn({ event: 'jobs.renew_failed', jobId: job.id, err: error }, 'could not renew a job lease');
      });
    }, options.leaseMs / 3);
    renewal.unref();
    try {
      if (!definition) throw new Error(`no handler for job kind ${job.kind}`);
      const payload = definition.payload.parse(JSON.parse(job.payload));
      await definition.run(deps, payload, {
        log: log.child({ job: job.kind, jobId: job.id }),
        attempt: job.attempts,
      });
      await finishJob(db, job, now());
    } catch (error) {
      const message = errorText(error);
      if (job.attempts >= job.max_attempts) {
        await buryJob(db, job, now(), message);
        log.error(
          { event: 'jobs.gave_up', job: job.kind, jobId: job.id, attempts: job.attempts, err: error },
          'job gave up',
        );
        return;
      }
      const runAt = new Date(deps.now().getTime() + retryDelayMs(job.attempts, error)).toISOString();
      await retryJob(db, job, runAt, message);
      log.warn(
        { event: 'jobs.retry', job: job.kind, jobId: job.id, attempt: job.attempts, runAt, err: error },
        'job failed; will retry',
      );
    } finally {
      clearInterval(renewal);
    }
  }

  async function runDue(): Promise<void> {
    for (;;) {
      const now = deps.now();
      const jobs = await claimJobs(db, engine, {
        workerId,
        now: now.toISOString(),
        lockedUntil: new Date(now.getTime() + options.leaseMs).toISOString(),
        limit: options.batchSize,
      });
      if (jobs.length === 0) return;
      const kinds = jobRegistry(deps);
      const sideBySide = jobs.filter((job) => kinds.get(job.kind)?.concurrent);
      const inTurn = jobs.filter((job) => !kinds.get(job.kind)?.concurrent);
      // Settled, not raced: a failing job must not let the pass end while its neighbours still run.
      const outcomes = await Promise.allSettled([
        (async () => {
          for (const job of inTurn) await runOne(job);
        })(),
        ...sideBySide.map(runOne),
      ]);
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    }
  }

  /** One pass at a time; a wake during a pass asks for another. */
  function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          // SQLite: not while a backup import's worker holds the write lock (db/write-pause.ts).
          await writePauseOf(deps.database).idle();
          await runDue();
        } catch (error) {
          // The database is away (restart, failover): the next poll tries again.
          if (!stopped) log.error({ event: 'jobs.poll_failed', err: error }, 'job poll failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  schedule();

  return {
    wake() {
      if (!stopped) void tick();
    },
    async drain() {
      do await tick();
      while (again);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
