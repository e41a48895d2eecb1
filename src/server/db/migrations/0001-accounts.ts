import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations use only Kysely's schema builder and portable types (text, integer), so one file serves
// SQLite and PostgreSQL alike. Ids and timestamps come from the application, not from column defaults.
export const accountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('email_confirmed_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();

    // One row per signed-in device. The access token (15 minutes) is replaced on every refresh, so only
    // the current one is kept; refresh tokens live in refresh_tokens so reuse of any rotated one is seen.
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('access_token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('access_expires_at', 'text', (col) => col.notNull())
      .addColumn('remember_me', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('idle_expires_at', 'text', (col) => col.notNull())
      .addColumn('absolute_expires_at', 'text', (col) => col.notNull())
      .addColumn('user_agent', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('last_used_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

    // Every refresh token a session was ever given. rotated_at is null for the current one; a rotated
    // token presented again (after the short grace for the immediate parent) revokes the whole session.
    await db.schema
      .createTable('refresh_tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
      // The token this one replaced: the grace period applies to that immediate parent only.
      .addColumn('parent_token_hash', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('rotated_at', 'text')
      .execute();
    await db.schema
      .createIndex('refresh_tokens_session_id_idx')
      .on('refresh_tokens')
      .column('session_id')
      .execute();

    await db.schema
      .createTable('user_profiles')
      .addColumn('id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('is_trial', 'integer', (col) => col.notNull())
      .addColumn('account_status', 'text', (col) => col.notNull())
      .addColumn('trial_end_date', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('user_profiles').execute();
    await db.schema.dropTable('refresh_tokens').execute();
    await db.schema.dropTable('sessions').execute();
    await db.schema.dropTable('users').execute();
  },
};
