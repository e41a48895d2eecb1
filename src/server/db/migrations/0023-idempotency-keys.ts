import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Idempotency keys (plugins/idempotency-keys.ts): one row per key a user sent with a write, so a retried
 * write gets the first answer back instead of running again. The table is the coordination point between
 * instances: the primary key (user_id, key) lets one request claim a key. Rows carry the answer's body
 * (what the user was sent anyway) and go after 24 hours (the hourly cleanup).
 */
export const idempotencyKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('method', 'text', (col) => col.notNull())
      .addColumn('path', 'text', (col) => col.notNull())
      .addColumn('body_hash', 'text', (col) => col.notNull())
      // Null while the first request runs; its status once answered.
      .addColumn('status', 'integer')
      .addColumn('content_type', 'text')
      .addColumn('response', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
      .execute();
    await db.schema
      .createIndex('idempotency_keys_created_idx')
      .on('idempotency_keys')
      .column('created_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('idempotency_keys').execute();
  },
};
