import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * PostgreSQL only: the task text trigram index (0005-todos.ts) gets GIN's pending list back, capped at
 * 512 kB instead of the default 4 MB. With fastupdate off every inserted task went straight into the
 * GIN tree, one trigram at a time, which made an import of 30,000 tasks most of a backup import's time
 * (docs/performance.md; measured under load: 25.6 s for that table off, 4.3 s with a pending list). Turning it on
 * only for an import is not possible: ALTER INDEX ... SET (fastupdate) takes an ACCESS EXCLUSIVE lock
 * on the index, which stops every user's task reads for the import's length. The cap keeps what 0005
 * turned fastupdate off for small: a drag-and-drop that rewrites a category's positions leaves at most
 * 512 kB of pending entries for a search to scan (an eighth of the 4 MB measured there), and GIN merges
 * them in sorted batches when the cap is reached. SQLite's FTS5 index is not affected.
 */
export const taskSearchPendingListMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (!isPostgres(db)) return;
    await sql`alter index todo_items_text_trgm_idx set (fastupdate = on, gin_pending_list_limit = 512)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    if (!isPostgres(db)) return;
    await sql`alter index todo_items_text_trgm_idx set (fastupdate = off)`.execute(db);
    await sql`alter index todo_items_text_trgm_idx reset (gin_pending_list_limit)`.execute(db);
    // Entries already pending stay there until merged: merge them now, as fastupdate off expects.
    await sql`select gin_clean_pending_list('todo_items_text_trgm_idx'::regclass)`.execute(db);
  },
};

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
