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

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('access_token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('access_expires_at', 'text', (col) => col.notNull())
      .addColumn('refresh_token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('previous_refresh_token_hash', 'text')
      .addColumn('rotated_at', 'text')
      .addColumn('remember_me', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('idle_expires_at', 'text', (col) => col.notNull())
      .addColumn('absolute_expires_at', 'text', (col) => col.notNull())
      .addColumn('user_agent', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('last_used_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
    await db.schema
      .createIndex('sessions_previous_refresh_idx')
      .on('sessions')
      .column('previous_refresh_token_hash')
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
    await db.schema.dropTable('sessions').execute();
    await db.schema.dropTable('users').execute();
  },
};
