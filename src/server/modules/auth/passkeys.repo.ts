import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PasskeysTable, WebauthnChallengePurpose, WebauthnChallengesTable } from '../../db/schema.ts';

export type PasskeyRow = Omit<Selectable<PasskeysTable>, 'counter'> & { counter: number };

const withCounter = (row: Selectable<PasskeysTable>): PasskeyRow => ({
  ...row,
  counter: Number(row.counter),
});

export async function insertPasskey(db: Db, row: Insertable<PasskeysTable>): Promise<void> {
  await db.insertInto('passkeys').values(row).execute();
}

export async function listPasskeysOfUser(db: Db, userId: string): Promise<PasskeyRow[]> {
  const rows = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(withCounter);
}

export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const row = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row && withCounter(row);
}

/**
 * Records a verified use. The counter only moves forward: of two answers verified at once against the
 * same stored counter, the second finds it moved and is refused (false), as a cloned key's would be.
 */
export async function recordPasskeyUse(
  db: Db,
  id: string,
  previousCounter: number,
  counter: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: at })
    .where('id', '=', id)
    .where('counter', '=', previousCounter)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deletePasskeyOfUser(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertChallenge(db: Db, row: Insertable<WebauthnChallengesTable>): Promise<void> {
  await db.insertInto('webauthn_challenges').values(row).execute();
}

/**
 * Spends a challenge: true once for a challenge handed out for this purpose (and user) and not expired;
 * the row goes in the same statement, so a replayed answer finds nothing, on any instance.
 */
export async function spendChallenge(
  db: Db,
  challenge: string,
  purpose: WebauthnChallengePurpose,
  userId: string | null,
  now: string,
): Promise<boolean> {
  const spent = await db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return spent.numDeletedRows > 0n;
}

export async function deleteExpiredChallenges(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
