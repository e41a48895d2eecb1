import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Single-use tokens mailed to people: e-mail confirmation, password reset, e-mail change. Only the
 * SHA-256 hash of a token is stored, so a copy of the database cannot be used to take over accounts.
 */
export const authTokensMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('auth_tokens')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      // The address an e-mail change moves to; null for the other kinds.
      .addColumn('new_email', 'text')
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('auth_tokens_user_kind_idx')
      .on('auth_tokens')
      .columns(['user_id', 'kind'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('auth_tokens').execute();
  },
};
