import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SecondStepChallengesTable } from '../../db/schema.ts';

/** Two-step sign-in's rows (migration 0027). Every query names the user: another's rows are never touched. */

export function findTwoStep(db: Db, userId: string) {
  return db.selectFrom('user_two_step').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Whether sign-in must ask for a second step: a confirmed set-up, not one still being set up. */
export async function isTwoStepEnabled(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_two_step')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new secret being set up replaces an unfinished one; never an enabled one (the service checks first). */
export async function startTwoStepSetup(db: Db, userId: string, secretSealed: string, at: string) {
  await db
    .deleteFrom('user_two_step')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .execute();
  await db
    .insertInto('user_two_step')
    .values({
      user_id: userId,
      secret_sealed: secretSealed,
      enabled_at: null,
      last_used_step: null,
      created_at: at,
    })
    .execute();
}

/** Turns the set-up on with its first code's step spent; false when it was not waiting (raced, gone). */
export async function markTwoStepEnabled(db: Db, userId: string, step: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('user_two_step')
    .set({ enabled_at: at, last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Spends a code's step: true only when it is later than the last one spent, in one conditional update,
 * so the same code (or an earlier one) sent twice, even at once, works once.
 */
export async function spendTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_two_step')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Turning off: the secret, the recovery codes and any pending second step go. */
export async function deleteTwoStep(db: Db, userId: string): Promise<boolean> {
  await db.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('second_step_challenges').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('user_two_step').where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], at: string) {
  await db.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_step_recovery_codes')
    .values(
      hashes.map((code_hash) => ({
        id: randomUUID(),
        user_id: userId,
        code_hash,
        used_at: null,
        created_at: at,
      })),
    )
    .execute();
}

/** Spends one unused recovery code of this user; false when there is none with that hash. */
export async function spendRecoveryCode(db: Db, userId: string, hash: string, at: string): Promise<boolean> {
  const row = await db
    .selectFrom('two_step_recovery_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (!row) return false;
  const result = await db
    .updateTable('two_step_recovery_codes')
    .set({ used_at: at })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_step_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChallenge(db: Db, row: Insertable<SecondStepChallengesTable>) {
  await db.insertInto('second_step_challenges').values(row).execute();
}

/** The challenge when it is unused and unexpired; undefined otherwise. Reads only. */
export function findUsableChallenge(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('second_step_challenges')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends the challenge if it is this user's, unused and unexpired; false otherwise (raced, expired, not theirs). */
export async function consumeChallenge(
  db: Db,
  tokenHash: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('second_step_challenges')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Periodic cleanup: challenges that expired before `before`. */
export async function deleteExpiredChallenges(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('second_step_challenges')
    .where('expires_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
