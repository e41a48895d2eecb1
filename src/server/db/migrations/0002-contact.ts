import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const contactMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('contact_submissions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('ip', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      // Null until the support mail went out: a failed send leaves the row findable for a retry.
      .addColumn('mailed_at', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('contact_submissions').execute();
  },
};
