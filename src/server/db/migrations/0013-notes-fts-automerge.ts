import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * SQLite only: the notes FTS5 index (0004-notes.ts) merges its b-trees once 8 of one level exist
 * instead of FTS5's default 4. Every batch of the background indexer (search-index.ts) adds a b-tree,
 * and merging them was most of what indexing a page cost: with 8, bursts of 100 saves of 2 KB pages on
 * a 10,000-page account cost 0.83 instead of 1.06–1.11 ms of CPU per save (indexing included), and a
 * search right after a burst had p95 5.6–5.8 instead of 5.9–9.0 ms (docs/performance.md; quiet machine, 50 bursts,
 * two runs each). A search reads a few more b-trees: 0.73 instead of 0.63 ms for two phrase queries.
 * 16 made rare merges of ~80 ms. The setting lives in the index's own config table, so it survives
 * restarts and copies of the file.
 */
export const notesFtsAutomergeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (!isSqlite(db)) return;
    await sql`insert into notes_fts(notes_fts, rank) values('automerge', 8)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (!isSqlite(db)) return;
    await sql`insert into notes_fts(notes_fts, rank) values('automerge', 4)`.execute(db);
  },
};

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;
