import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuthTokenKind, AuthTokensTable } from '../../db/schema.ts';

export type AuthTokenRow = Selectable<AuthTokensTable>;

export async function insertAuthToken(db: Db, row: Insertable<AuthTokensTable>): Promise<void> {
  await db.insertInto('auth_tokens').values(row).execute();
}

export function findAuthToken(db: Db, kind: AuthTokenKind, tokenHash: string) {
  return db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** Marks a token used unless it already was; false means someone else used it first. */
export async function consumeAuthToken(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('auth_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Spends every outstanding token of a kind (a newer link or a completed change supersedes them). */
export async function invalidateAuthTokens(db: Db, userId: string, kind: AuthTokenKind, at: string) {
  await db
    .updateTable('auth_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}

/** Spends every outstanding token of the user, of every kind (a credential change: credential-change.ts). */
export async function spendAuthTokensOfUser(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Periodic cleanup: single-use tokens that expired before `before` can no longer be redeemed. */
export async function deleteExpiredAuthTokens(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('auth_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
