import { type Kysely, PostgresAdapter } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The live event stream's short memory (modules/live): one row per change a user made, its id the
 * event id a browser echoes back as Last-Event-ID when it reconnects, so a stream catches up from here
 * instead of the whole workspace being refetched. Ids come from one sequence, so they grow for every
 * user on every instance. Rows carry no user text (ids, versions and times only) and are pruned after an
 * hour by the hourly cleanup (the newest row always stays, so an old id is recognisable as too old).
 */
export const userEventsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('user_events')
      .addColumn('id', postgres ? 'bigserial' : 'integer', (col) =>
        postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
      )
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('user_events_user_idx')
      .on('user_events')
      .columns(['user_id', 'id'])
      .execute();
    await db.schema.createIndex('user_events_created_idx').on('user_events').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('user_events').execute();
  },
};
