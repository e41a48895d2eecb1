import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The private calendar feed (docs/calendar-sync.md): at most one row per user; the row existing means the feed
 * is on. The public URL carries a 256-bit token: token_hash (SHA-256) finds the row, token_sealed
 * (AES-256-GCM under SECRET_KEY) lets the owner see and copy the URL again without it being readable from
 * a copy of the database. Turning the feed off deletes the row, so turning it on again never revives an
 * old URL. Deleting the account deletes the feed (ON DELETE CASCADE).
 */
export const calendarFeedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('calendar_feeds')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) =>
        col.notNull().unique().references('users.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('token_sealed', 'text', (col) => col.notNull())
      .addColumn('include_completed', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('calendar_feeds').execute();
  },
};
