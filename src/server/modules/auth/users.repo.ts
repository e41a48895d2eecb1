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

/** Sets the confirmation time only once; later confirmations keep the first. */
export async function markEmailConfirmed(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_confirmed_at: at, updated_at: at })
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .execute();
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
