import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Passkeys (docs/accounts.md): each registered WebAuthn credential of an account, and the challenges
 * handed out for registering, signing in and re-authenticating. Challenges live in the database, not in
 * memory, so that the instance that verifies an answer need not be the one that asked.
 */
export const passkeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('passkeys')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      // base64url, as the browser reports it; unique across accounts, since sign-in looks it up alone.
      .addColumn('credential_id', 'text', (col) => col.notNull().unique())
      // The COSE public key, base64url.
      .addColumn('public_key', 'text', (col) => col.notNull())
      // A signature counter is 32-bit unsigned: past PostgreSQL's integer.
      .addColumn('counter', 'bigint', (col) => col.notNull())
      // JSON array of transports ("internal", "hybrid", …), offered back in excludeCredentials.
      .addColumn('transports', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();
    await db.schema
      .createTable('webauthn_challenges')
      .addColumn('challenge', 'text', (col) => col.primaryKey())
      .addColumn('purpose', 'text', (col) => col.notNull())
      // Null for sign-in, where nobody is known yet.
      .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('webauthn_challenges_expires_idx')
      .on('webauthn_challenges')
      .column('expires_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webauthn_challenges').execute();
    await db.schema.dropTable('passkeys').execute();
  },
};
