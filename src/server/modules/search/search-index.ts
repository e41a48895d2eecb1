import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
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
 * How often the background indexer looks at the queue. Tried at 50 ms with batches of 5 (issue 16): a
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
  return withoutCommitSync(db, (connection) =>
    connection.transaction().execute(async (trx) => {
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
    }),
  );
}

/**
 * Runs `work` on the connection with SQLite's commit not waiting for the disk (synchronous=NORMAL), and
 * restores the connection's setting (FULL, database.ts) before any other query can use the connection.
 * The indexer's transactions write only what can be rebuilt: the FTS5 index and the queue entries it
 * took out. With WAL, a process crash (kill -9) loses none of it (the write is in the OS's cache); a
 * power cut can lose the latest such commits and only those: the WAL is replayed in order, so their
 * queue entries come back with the index as it was, and are indexed again. Every later acknowledged
 * save still syncs the WAL, these commits included. Issue 16: the create load is spared one fsync per
 * batch, and on a quiet machine a search right after a burst of 100 saves had p95 6–9 ms instead of
 * 9–13 ms (50 bursts, 25-page batches, two runs each).
 */
async function withoutCommitSync<T>(db: Db, work: (connection: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(connection);
    const setting = rows[0]?.synchronous ?? fullSync;
    await sql`pragma synchronous = normal`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql.raw(`pragma synchronous = ${Number(setting)}`).execute(connection);
    }
  });
}

/** SQLite's value for synchronous=FULL, what database.ts sets. */
const fullSync = 2;

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
