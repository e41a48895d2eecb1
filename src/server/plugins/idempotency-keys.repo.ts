import type { Db } from '../db/database.ts';
import type { IdempotencyKeysTable } from '../db/schema.ts';

export type KeyClaim = Pick<IdempotencyKeysTable, 'user_id' | 'key' | 'method' | 'path' | 'body_hash'>;
export type StoredAnswer = Pick<IdempotencyKeysTable, 'status' | 'content_type' | 'response'>;

/**
 * Claims a key for a request, in its own statement (committed before the handler runs): true when this
 * request is the first with it. The primary key lets exactly one request of all instances in.
 */
export async function claimKey(db: Db, claim: KeyClaim, createdAt: string): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({ ...claim, status: null, content_type: null, response: null, created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function storeAnswer(db: Db, claim: KeyClaim, answer: StoredAnswer): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set(answer)
    .where('user_id', '=', claim.user_id)
    .where('key', '=', claim.key)
    .execute();
}

/** Gives a key back (its request failed in a way a retry should run again), only while unanswered. */
export async function releaseKey(db: Db, claim: KeyClaim): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', claim.user_id)
    .where('key', '=', claim.key)
    .where('status', 'is', null)
    .execute();
}

/** Deletes one user's key if it is older than `before` (an expired key is free again). */
export async function deleteExpiredKey(db: Db, userId: string, key: string, before: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '<', before)
    .execute();
}

/** Deletes every key older than `before`; the number deleted. */
export async function pruneKeys(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
