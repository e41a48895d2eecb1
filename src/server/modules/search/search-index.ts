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
 * behind it. A search that must catch up uses bigger batches, which index faster: its caller is waiting
 * for exactly that.
 */
const backgroundBatch = 25;
const catchUpBatch = 200;
/**
 * How often the background indexer looks at the queue. Tried at 50 ms with batches of 5 (issue 16): a
 * search after 100 saves got faster, but on a quiet machine a save's p95 rose to 21 ms (target 10),
 * because saves queue behind the synchronous batches; saves are far more frequent than searches, so
 * the indexer stays at 1 s and a search catches up on its own user's queue only (indexUsersQueuedNotes).
 */
const intervalMs = 1000;

/**
 * Indexes up to `limit` queued pages in one transaction: takes each one's previously indexed text out
 * of the index, puts its current text in (unless it was deleted), and clears it from the queue.
 * With `userId`, only pages that user holds now (by rowid: a reused rowid belongs to its new page, whose
 * owner is the one who could be shown the stale text). Answers how many it handled (0 when none).
 */
export async function indexQueuedNotes(db: Db, limit: number, userId?: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let select = trx.selectFrom('notes_search_queue').selectAll();
    if (userId !== undefined) {
      // A rowid probe per queued entry: cheap however many pages the user has.
      select = select.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('notes')
            .select(sql.lit(1).as('one'))
            .where(sql.ref('notes.rowid'), '=', sql.ref('notes_search_queue.note_rowid'))
            .where('notes.user_id', '=', userId),
        ),
      );
    }
    const queued = await select.orderBy('note_rowid').limit(limit).execute();
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
 * Indexes the user's queued pages only; a search calls this first so it sees every save of its user.
 * Search is scoped to the user, so other users' pages can wait for the background indexer: a search
 * never pays for someone else's burst of saves.
 */
export async function indexUsersQueuedNotes(db: Db, userId: string): Promise<void> {
  while ((await indexQueuedNotes(db, catchUpBatch, userId)) === catchUpBatch) {
    // The user may have more queued: go on with the next batch.
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
