import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { pruneVersions } from './note-versions.repo.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Hourly: page versions older than NOTE_HISTORY_DAYS go, and so do all but each page's newest
 * NOTE_HISTORY_VERSIONS. Idempotent (a second run finds nothing more to delete).
 */
export const historyPruneJob = defineJob({
  kind: 'notes.history_prune',
  payload: z.object({}),
  async run(deps) {
    const { NOTE_HISTORY_DAYS, NOTE_HISTORY_VERSIONS } = deps.config;
    const before = new Date(deps.now().getTime() - NOTE_HISTORY_DAYS * DAY).toISOString();
    const deleted = await pruneVersions(deps.database.db, before, NOTE_HISTORY_VERSIONS);
    if (deleted > 0) deps.logger.info({ event: 'notes.history_pruned', deleted }, 'page versions pruned');
  },
});
