import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Notes: notebooks > sections > notes (pages). Tables and B-tree indexes use only the schema builder
 * and portable types, like every migration. sections and notes repeat user_id so every query can check
 * ownership in its own WHERE clause without a join; notes repeat notebook_id (docs/PRODUCT.md §3) and the services
 * keep it equal to their section's notebook.
 */
export const notesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notebooks')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('color', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('notebooks_user_position_idx')
      .on('notebooks')
      .columns(['user_id', 'position', 'created_at'])
      .execute();

    await db.schema
      .createTable('sections')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('notebook_id', 'text', (col) => col.notNull().references('notebooks.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    // Leading notebook_id: the cascade from notebooks and "sections of a notebook in order".
    await db.schema
      .createIndex('sections_notebook_position_idx')
      .on('sections')
      .columns(['notebook_id', 'position'])
      .execute();
    await db.schema.createIndex('sections_user_idx').on('sections').column('user_id').execute();

    await db.schema
      .createTable('notes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('section_id', 'text', (col) => col.notNull().references('sections.id').onDelete('cascade'))
      .addColumn('notebook_id', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      // Optimistic concurrency: a save names the version it edited; a stale one is refused (409).
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    // Covering index for the tree and a section's page list: both are answered from the index alone,
    // without reading the rows (and so the page contents) of tens of thousands of pages.
    await db.schema
      .createIndex('notes_tree_idx')
      .on('notes')
      .columns(['user_id', 'section_id', 'position', 'id', 'title', 'updated_at'])
      .execute();
    // Search results come newest first; a short (unindexable) search walks this and stops at the limit.
    await db.schema
      .createIndex('notes_recent_idx')
      .on('notes')
      .columns(['user_id', 'updated_at', 'id'])
      .execute();
    // Leading section_id: the cascade from sections would otherwise scan every note of every user.
    await db.schema.createIndex('notes_section_idx').on('notes').column('section_id').execute();

    await createSearchIndex(db);
  },

  async down(db: Kysely<unknown>) {
    if (isSqlite(db)) {
      await sql`drop trigger if exists notes_search_after_insert`.execute(db);
      await sql`drop trigger if exists notes_search_after_delete`.execute(db);
      await sql`drop trigger if exists notes_search_after_update`.execute(db);
      await sql`drop table if exists notes_search_queue`.execute(db);
      await sql`drop table if exists notes_fts`.execute(db);
    }
    await db.schema.dropTable('notes').execute();
    await db.schema.dropTable('sections').execute();
    await db.schema.dropTable('notebooks').execute();
  },
};

/** The adapter tells the dialect apart without reaching into driver internals or configuration. */
const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * The one exception to "schema builder only": substring search needs an engine-specific trigram index,
 * which no portable DDL can express. Search is case-insensitive substring on title or content.
 *
 * - PostgreSQL: pg_trgm GIN indexes on lower(title) and lower(content), which serve `lower(x) like '%q%'`.
 *   GIN's own pending list absorbs writes, so saves stay cheap.
 * - SQLite: an FTS5 table with the trigram tokenizer (case-insensitive by default), external-content over
 *   notes so the text is stored once, kept in sync by triggers. The triggers do not index on the spot:
 *   re-indexing a page inside its save made one save in ten pay for a segment merge (15-30 ms with
 *   10,000 pages), and autosave re-indexed the same page every second while someone typed. Instead they
 *   queue the page in notes_search_queue, remembering the text the index holds for it (what FTS5 needs to
 *   take it out again); search-index.ts indexes the queue in batches in the background, and every search
 *   reads its user's still-queued pages directly (notes-search.repo.ts), so results always reflect every
 *   saved change.
 *   The index is keyed by notes' implicit rowid, which VACUUM keeps (it copies tables with the transfer
 *   optimisation); should it ever be renumbered, `insert into notes_fts(notes_fts) values('rebuild')`
 *   rebuilds the index from notes.
 */
async function createSearchIndex(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    await sql`create virtual table notes_fts using fts5(
      title, content, content='notes', content_rowid='rowid', tokenize='trigram'
    )`.execute(db);
    // One row per page waiting to be (re-)indexed. indexed = 1: the index holds indexed_title and
    // indexed_content for it, which must come out first; 0: a new page the index has never seen.
    await db.schema
      .createTable('notes_search_queue')
      .addColumn('note_rowid', 'integer', (col) => col.primaryKey())
      .addColumn('indexed', 'integer', (col) => col.notNull())
      .addColumn('indexed_title', 'text')
      .addColumn('indexed_content', 'text')
      .execute();
    // "or ignore": a page already queued keeps its first entry, which records what the index holds.
    await sql`create trigger notes_search_after_insert after insert on notes begin
      insert or ignore into notes_search_queue (note_rowid, indexed) values (new.rowid, 0);
    end`.execute(db);
    await sql`create trigger notes_search_after_delete after delete on notes begin
      insert or ignore into notes_search_queue (note_rowid, indexed, indexed_title, indexed_content)
        values (old.rowid, 1, old.title, old.content);
    end`.execute(db);
    // Only a change of the indexed text re-indexes: moves and reorders leave the index alone.
    await sql`create trigger notes_search_after_update after update of title, content on notes begin
      insert or ignore into notes_search_queue (note_rowid, indexed, indexed_title, indexed_content)
        values (old.rowid, 1, old.title, old.content);
    end`.execute(db);
    return;
  }
  // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index notes_title_trgm_idx on notes using gin (lower(title) gin_trgm_ops)`.execute(db);
  await sql`create index notes_content_trgm_idx on notes using gin (lower(content) gin_trgm_ops)`.execute(db);
}
