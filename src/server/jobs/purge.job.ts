import { z } from 'zod';
import { purgeFinishedJobs } from './jobs.repo.ts';
import { defineJob } from './queue.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Daily: finished deduplicated jobs older than a day give their keys back (their windows are past). */
export const purgeJobsJob = defineJob({
  kind: 'jobs.purge',
  payload: z.object({}),
  async run(deps) {
    await purgeFinishedJobs(deps.database.db, new Date(deps.now().getTime() - DAY).toISOString());
  },
});
