import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Rate-limit counters shared by every instance on one PostgreSQL database (docs/operations.md,
 * cluster/rate-limit-store.ts). One row per limited key (`signin:ip:…`, `route:POST /api/contact:…`):
 * the attempts counted in its current window and when that window ends (ISO text, comparable as text).
 * A window starts at a key's first attempt, as the in-memory store does; an expired row is reused by the
 * next attempt's upsert and swept by the hourly cleanup job. SQLite (one process) keeps its counters in
 * memory and never writes here; the table exists there too so one migration serves both engines.
 *
 * UNLOGGED on PostgreSQL: counters need no durability, and skipping the WAL keeps each check from
 * waiting for a disk flush at commit (measured: ~9 ms per check on this machine's loaded disk, logged).
 * A database crash empties the table, which only resets the limits.
 */
export const rateLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('reset_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`alter table rate_limits set unlogged`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limits').execute();
  },
};
