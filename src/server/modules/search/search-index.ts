import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { writePauseOf } from '../../db/write-pause.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * SQLite only: brings the FTS5 index up to date with the pages queued by the notes triggers (migration
 * 0004 explains why indexing is deferred). PostgreSQL's GIN indexes are maintained by the database.
 */

/**
 * Pages per transaction. In the background, few: a batch holds SQLite's one connection (and the event
 * loop: better-sqlite3 is synchronous) while it runs (25 pages of 2 KB take ~20 ms), and requests wait
 * behind it. Catching up on everything (the benchmark's seeding) uses bigger batches, which index faster.
 */
const backgroundBatch = 25;
const catchUpBatch = 200;
/**
 * How often the background indexer looks at the queue. Tried at 50 ms with batches of 5 (docs/performance.md): a
 * search after 100 saves got faster, but on a quiet machine a save's p95 rose to 21 ms (target 10),
 * because saves queue behind the synchronous batches. Search does not wait for the indexer: it reads
 * the queued pages directly (notes-search.repo.ts), so the indexer can stay at 1 s.
 */
const intervalMs = 1000;

/**
 * Indexes up to `limit` queued pages in one transaction: takes each one's previously indexed text out
 * of the index, puts its current text in (unless it was deleted), and clears it from the queue.
 * Answers how many it handled (0 when none).
 */
export async function indexQueuedNotes(db: Db, limit: number): Promise<number> {
  // No fsync of its own in the server: its commits ride on the next group commit (db/group-commit.ts).
  // What it writes can be rebuilt: a power cut losing the latest batches only queues their pages again.
  return db.transaction().execute(async (trx) => {
    const queued = await trx
      .selectFrom('notes_search_queue')
      .selectAll()
      .orderBy('note_rowid')
      .limit(limit)
      .execute();
    if (queued.length === 0) return 0;
    for (const entry of queued) {
      if (entry.indexed === 1) {
        await sql`insert into notes_fts(notes_fts, rowid, title, content)
          values ('delete', ${entry.note_rowid}, ${entry.indexed_title}, ${entry.indexed_content})`.execute(
          trx,
        );
      }
    }
    const rowids = queued.map((entry) => entry.note_rowid);
    await sql`insert into notes_fts(rowid, title, content)
      select rowid, title, content from notes where rowid in (${sql.join(rowids)})`.execute(trx);
    await trx.deleteFrom('notes_search_queue').where('note_rowid', 'in', rowids).execute();
    return queued.length;
  });
}

/** Indexes the whole queue, a batch at a time. */
export async function indexAllQueuedNotes(db: Db): Promise<void> {
  while ((await indexQueuedNotes(db, catchUpBatch)) === catchUpBatch) {
    // The queue may hold more: go on with the next batch.
  }
}

/**
 * Starts the background indexer (SQLite only): every second, the queue is indexed a batch at a time,
 * yielding between batches so requests are served in between. Answers a stop function for app close.
 */
export function startSearchIndexer(deps: AppDeps, log: FastifyBaseLogger): () => Promise<void> {
  if (deps.database.engine !== 'sqlite') return async () => {};
  let running: Promise<void> | null = null;
  let stopped = false;

  const drain = async () => {
    // Not while a backup import's worker holds the write lock (db/write-pause.ts).
    await writePauseOf(deps.database).idle();
    while (!stopped && (await indexQueuedNotes(deps.database.db, backgroundBatch)) === backgroundBatch) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'search indexing failed; will retry'))
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
