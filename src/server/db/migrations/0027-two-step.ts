import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Two-step sign-in with an authenticator app (docs/accounts.md#two-step-sign-in). The TOTP secret is
 * sealed under the app's key (a copy of the database must not yield codes); recovery codes and the
 * pending second-step tokens are stored as SHA-256 hashes only.
 */
export const twoStepMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_two_step')
      .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('secret_sealed', 'text', (col) => col.notNull())
      // Null while being set up (the secret shown, no code confirmed yet): sign-in ignores such a row.
      .addColumn('enabled_at', 'text')
      // The 30-second step of the last accepted code (about 59 million today: an integer holds it for
      // centuries): a code is refused unless its step is later, so a code seen over a shoulder is spent.
      .addColumn('last_used_step', 'integer')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('two_step_recovery_codes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('two_step_recovery_codes_user_idx')
      .on('two_step_recovery_codes')
      .columns(['user_id', 'code_hash'])
      .execute();
    await db.schema
      .createTable('second_step_challenges')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('remember_me', 'integer', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('second_step_challenges_user_idx')
      .on('second_step_challenges')
      .column('user_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('second_step_challenges').execute();
    await db.schema.dropTable('two_step_recovery_codes').execute();
    await db.schema.dropTable('user_two_step').execute();
  },
};
