import { type Kysely, PostgresAdapter } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Files and images in pages (modules/attachments). The metadata row says whose file it is; its bytes
 * live in `attachment_chunks`, 256 KiB a row, so an upload is written and a download read a chunk at a
 * time (never the whole file in memory) and the files travel with the database's own backups. `complete`
 * stays 0 while an upload is still arriving: such a row is served to nobody and counted in the quota.
 * `unreferenced_since` is when the sweep first found no page or page version naming the file: it is
 * deleted a grace period later. Both tables go with the account (cascade).
 */
export const attachmentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('attachments')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('size', 'bigint', (col) => col.notNull())
      .addColumn('complete', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('unreferenced_since', 'text')
      .execute();
    await db.schema.createIndex('attachments_user_idx').on('attachments').column('user_id').execute();
    await db.schema
      .createTable('attachment_chunks')
      .addColumn('attachment_id', 'text', (col) =>
        col.notNull().references('attachments.id').onDelete('cascade'),
      )
      .addColumn('seq', 'integer', (col) => col.notNull())
      .addColumn('data', postgres ? 'bytea' : 'blob', (col) => col.notNull())
      .addPrimaryKeyConstraint('attachment_chunks_pk', ['attachment_id', 'seq'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('attachment_chunks').execute();
    await db.schema.dropTable('attachments').execute();
  },
};
