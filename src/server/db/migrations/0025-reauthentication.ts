import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Re-authentication (docs/accounts.md): when this session last confirmed the password. What cannot be
 * undone (deleting the account) asks for a confirmation made within the last few minutes; kept on the
 * session so that another device's confirmation never counts here.
 */
export const reauthenticationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').addColumn('reauthenticated_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').dropColumn('reauthenticated_at').execute();
  },
};
