import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { pruneEvents } from './live.repo.ts';

/** How long events are kept for a reconnecting stream to catch up; an older Last-Event-ID gets `reset`. */
export const liveEventRetentionMs = 60 * 60 * 1000;

/** Hourly: live events older than the retention are deleted (the newest always stays). */
export const livePruneJob = defineJob({
  kind: 'live.prune',
  payload: z.object({}),
  async run(deps, _payload, { log }) {
    const before = new Date(deps.now().getTime() - liveEventRetentionMs).toISOString();
    const events = await pruneEvents(deps.database.db, before);
    log.info({ event: 'live.prune', events }, 'old live events deleted');
  },
});
