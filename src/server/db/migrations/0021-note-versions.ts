import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Page history: the full text of each version of a page (an editing session's saves, or the text kept
 * before a restore or a conflict resolution replaced it). Full text rather than deltas, so a later
 * three-way merge can read the version both sides started from. A new table only, so the previous
 * version of the app keeps working during a rolling restart.
 */
export const noteVersionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('note_versions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('note_id', 'text', (col) => col.notNull().references('notes.id').onDelete('cascade'))
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('session_id', 'text')
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('base_version', 'integer')
      .addColumn('page_version', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('saved_at', 'text', (col) => col.notNull())
      .execute();
    // One version per page version: the save path finds the row to coalesce into by the save's base.
    await db.schema
      .createIndex('note_versions_page_idx')
      .on('note_versions')
      .columns(['note_id', 'page_version'])
      .unique()
      .execute();
    // The prune job's age rule.
    await db.schema
      .createIndex('note_versions_saved_idx')
      .on('note_versions')
      .columns(['saved_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('note_versions').execute();
  },
};
