import { z } from 'zod';
import { defineJob } from '../jobs/queue.ts';
import { pruneKeys } from './idempotency-keys.repo.ts';

/** How long a key answers with its first answer; after that it is forgotten (and free again). */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60 * 1000;

/** Hourly: keys older than their lifetime are deleted, with the answers they kept. */
export const idempotencyPruneJob = defineJob({
  kind: 'idempotency.prune',
  payload: z.object({}),
  async run(deps, _payload, { log }) {
    const before = new Date(deps.now().getTime() - idempotencyKeyLifetimeMs).toISOString();
    const keys = await pruneKeys(deps.database.db, before);
    log.info({ event: 'idempotency.prune', keys }, 'expired idempotency keys deleted');
  },
});
