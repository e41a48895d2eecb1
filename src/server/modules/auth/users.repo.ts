import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

/** `email` must already be normalized (trimmed, lowercased): that is what makes lookups case-insensitive. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, row: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/** Sets the confirmation time only once; later confirmations keep the first. True when this one set it. */
export async function markEmailConfirmed(db: Db, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_confirmed_at: at, updated_at: at })
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether the account's address is confirmed (false for an unknown account). */
export async function isEmailConfirmed(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('email_confirmed_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row !== undefined && row.email_confirmed_at !== null;
}

/** Unconfirmed accounts created before `before`: sign-ups nobody confirmed in time. */
export async function findStaleUnconfirmedUsers(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('email_confirmed_at', 'is', null)
    .where('created_at', '<', before)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Locks the user row when it is still an unconfirmed sign-up created before `before` (a no-op update):
 * a confirmation racing the deletion then waits for it, and finds no row. False when it was confirmed.
 */
export async function claimStaleUnconfirmedUser(db: Db, userId: string, before: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, at: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

export async function updateEmail(db: Db, userId: string, email: string, at: string): Promise<void> {
  await db.updateTable('users').set({ email, updated_at: at }).where('id', '=', userId).execute();
}

/** Every other row of the user goes with it (ON DELETE CASCADE on each user_id foreign key). */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
