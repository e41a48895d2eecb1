import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { RefreshTokensTable, SessionsTable } from '../../db/schema.ts';

export type SessionRow = Selectable<SessionsTable>;

export async function insertSession(db: Db, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function insertRefreshToken(db: Db, row: Insertable<RefreshTokensTable>): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}

/** The session an access token belongs to, with its user's current e-mail. */
export function findSessionByAccessHash(db: Db, accessTokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.user_id as userId',
      'users.email as email',
      'sessions.access_expires_at as accessExpiresAt',
      'sessions.idle_expires_at as idleExpiresAt',
      'sessions.absolute_expires_at as absoluteExpiresAt',
    ])
    .where('sessions.access_token_hash', '=', accessTokenHash)
    .executeTakeFirst();
}

/** A refresh token (current or rotated) with its session. */
export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'refresh_tokens.token_hash as tokenHash',
      'refresh_tokens.rotated_at as rotatedAt',
      'sessions.id as sessionId',
      'sessions.user_id as userId',
      'users.email as email',
      'sessions.remember_me as rememberMe',
      'sessions.idle_expires_at as idleExpiresAt',
      'sessions.absolute_expires_at as absoluteExpiresAt',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The session's current (never rotated) refresh token. */
export function findCurrentRefreshToken(db: Db, sessionId: string) {
  return db
    .selectFrom('refresh_tokens')
    .select(['token_hash', 'parent_token_hash'])
    .where('session_id', '=', sessionId)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
}

/** Retires the current token; false when a concurrent refresh retired it first. */
export async function markRefreshTokenRotated(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: at })
    .where('token_hash', '=', tokenHash)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function updateSessionAfterRefresh(
  db: Db,
  sessionId: string,
  values: Pick<SessionRow, 'access_token_hash' | 'access_expires_at' | 'idle_expires_at' | 'last_used_at'>,
): Promise<void> {
  await db.updateTable('sessions').set(values).where('id', '=', sessionId).execute();
}

/** Deleting a session also deletes its refresh tokens (cascade), ending the whole chain. */
export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user, or every one but `exceptSessionId`; returns how many ended. */
export async function deleteSessionsOfUser(db: Db, userId: string, exceptSessionId?: string) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether a session still exists and is before its idle and absolute ends (a long-lived stream asks). */
export async function sessionIsOpen(
  db: Db,
  sessionId: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('idle_expires_at', '>', now)
    .where('absolute_expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Housekeeping at sign-in: a user's sessions past their idle or absolute end are gone for good. */
export async function deleteExpiredSessionsOfUser(db: Db, userId: string, now: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('idle_expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
    .execute();
}

/** Periodic cleanup: sessions past their idle or absolute end (their refresh tokens go with them). */
export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('idle_expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Periodic cleanup: refresh tokens rotated before `before`. Keeping rotated tokens lets a replayed old
 * token be recognised as reuse (and end the session); past this window it is merely unknown.
 */
export async function deleteRotatedRefreshTokens(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('refresh_tokens').where('rotated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Records that this session confirmed the password just now (re-authentication). */
export async function markSessionReauthenticated(db: Db, sessionId: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ reauthenticated_at: at }).where('id', '=', sessionId).execute();
}

/** When this session last confirmed the password, or null. Read fresh: the session cache does not hold it. */
export async function sessionReauthenticatedAt(db: Db, sessionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sessions')
    .select('reauthenticated_at')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.reauthenticated_at ?? null;
}
