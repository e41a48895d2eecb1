import type { Db } from '../../db/database.ts';

/** The user's sessions still open at `now`, newest activity first. */
export function listOpenSessions(db: Db, userId: string, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('idle_expires_at', '>', now)
    .where('absolute_expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Deletes one session of this user (its refresh tokens cascade); answers whether there was one. */
export async function deleteSessionOfUser(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function newSignInMailEnabled(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_profiles')
    .select('new_sign_in_mail')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.new_sign_in_mail !== 0;
}

export async function setNewSignInMail(db: Db, userId: string, enabled: boolean, at: string): Promise<void> {
  await db
    .updateTable('user_profiles')
    .set({ new_sign_in_mail: enabled ? 1 : 0, updated_at: at })
    .where('id', '=', userId)
    .execute();
}
