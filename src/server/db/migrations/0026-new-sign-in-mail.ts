import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Whether a sign-in from a new device mails the account ("New sign-in to your Jotlist account"); on for
 * every account, existing ones included, until turned off in Settings → Account.
 */
export const newSignInMailMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('user_profiles')
      .addColumn('new_sign_in_mail', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('user_profiles').dropColumn('new_sign_in_mail').execute();
  },
};
