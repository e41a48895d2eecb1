import type { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { type Job, wakeJobs } from './queue.ts';

export interface PeriodicHandle {
  stop(): void;
}

/**
 * Runs `job` once per `everyMs` window across every instance sharing the database: each instance
 * enqueues it with the window's dedupe key, the unique key lets one row in, and one worker runs it.
 * The first window's job is enqueued at start-up.
 */
export function schedulePeriodic<Schema extends z.ZodType>(
  deps: AppDeps,
  job: Job<Schema>,
  payload: z.infer<Schema>,
  everyMs: number,
): PeriodicHandle {
  const enqueue = async () => {
    const now = deps.now();
    const window = Math.floor(now.getTime() / everyMs);
    try {
      if (await job.enqueue(deps.database.db, now, payload, { dedupeKey: `${job.kind}:${window}` })) {
        wakeJobs(deps);
      }
    } catch (error) {
      deps.logger.error(
        { event: 'jobs.schedule_failed', job: job.kind, err: error },
        'could not schedule job',
      );
    }
  };
  void enqueue();
  const timer = setInterval(() => void enqueue(), Math.min(everyMs, 60_000));
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
