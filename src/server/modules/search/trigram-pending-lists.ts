import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * PostgreSQL only: merges the pending lists of the trigram GIN indexes (migrations 0004, 0005, 0012)
 * into the indexes every second, so that search keeps using them.
 *
 * GIN's fastupdate appends each write's entries to a pending list, merged when it reaches 4 MB (or
 * 512 kB for tasks). Every search reads the whole list, and the planner prices each pending page like a
 * random read: once about 1 MB was pending (a minute of the soak benchmark's creates and saves), it
 * judged reading every page of the user cheaper than the index and searched by sequential scan: 300 ms
 * instead of 3 ms for 10,000 pages (measured), every search holding a pool connection meanwhile. The
 * soak benchmark (docs/performance.md) then served 99 req/s, p99 1.5 s, with the app's CPU at 6%: every request
 * queued behind those searches. With this merger: 965 req/s, p99 231 ms (back to back, same machine).
 *
 * Smaller pending lists were measured and rejected: each save then pays for merging its ~1,000 trigrams
 * in small batches (2 KB pages: 2–4 ms a save at 4 MB, 6–12 ms at 1 MB, 10–23 ms at 256 kB, more with
 * fastupdate off). Merging here costs the same work but off the request path, and the busier the app,
 * the larger (and so the cheaper per page) each batch. An empty list costs a metapage read.
 */
export const trigramIndexes = [
  'notes_title_trgm_idx',
  'notes_content_trgm_idx',
  'todo_items_text_trgm_idx',
] as const;

const intervalMs = 1000;

/** Merges every trigram index's pending list; answers how many pending pages were merged. */
export async function mergeTrigramPendingLists(db: Db): Promise<number> {
  const calls = trigramIndexes.map((name) => sql`gin_clean_pending_list(${name}::regclass)`);
  const { rows } = await sql<{
    merged: number | string;
  }>`select ${sql.join(calls, sql` + `)} as merged`.execute(db);
  return Number(rows[0]?.merged ?? 0);
}

/** Starts the merger (PostgreSQL only); answers a stop function for app close. */
export function startTrigramMerger(deps: AppDeps, log: FastifyBaseLogger): () => Promise<void> {
  if (deps.database.engine !== 'postgres') return async () => {};
  let running: Promise<void> | null = null;
  let stopped = false;

  const timer = setInterval(() => {
    if (running) return;
    running = mergeTrigramPendingLists(deps.database.db)
      .then(() => undefined)
      .catch((error: unknown) => {
        // gin_clean_pending_list needs the indexes' owner (the role that ran the migrations). Without
        // it, GIN still merges on its own at the cap; say so once and stop trying.
        if ((error as { code?: unknown }).code === '42501') {
          log.warn({ err: error }, 'cannot merge the pending lists of the search indexes (not their owner)');
          clearInterval(timer);
          return;
        }
        if (!stopped) log.error({ err: error }, 'merging the pending lists of the search indexes failed');
      })
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  // Never keeps the process alive on its own.
  timer.unref();

  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
