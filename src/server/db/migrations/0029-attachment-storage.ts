import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Where a file's bytes are (modules/attachments): `database` (the chunk table, as every file before
 * this) or `s3` (an object in the configured bucket). Kept per file, so switching the setting leaves the
 * old files readable where they are. `preview_of` marks a row as the resized preview of an image (the
 * editor shows it inline): it goes with its image (cascade), is never named by a page and never swept.
 */
export const attachmentStorageMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('attachments')
      .addColumn('storage', 'text', (col) => col.notNull().defaultTo('database'))
      .execute();
    await db.schema
      .alterTable('attachments')
      .addColumn('preview_of', 'text', (col) => col.references('attachments.id').onDelete('cascade'))
      .execute();
    await db.schema
      .createIndex('attachments_preview_of_idx')
      .unique()
      .on('attachments')
      .column('preview_of')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('attachments_preview_of_idx').execute();
    await db.schema.alterTable('attachments').dropColumn('preview_of').execute();
    await db.schema.alterTable('attachments').dropColumn('storage').execute();
  },
};
