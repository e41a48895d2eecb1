import type { Invalidate } from '../../cluster/invalidation.ts';
import type { Db } from '../../db/database.ts';
import { noPasswordHash } from './password-hashing.ts';
import { deleteSessionsOfUser } from './sessions.repo.ts';
import { spendAuthTokensOfUser } from './tokens.repo.ts';
import { markEmailConfirmed, updatePasswordHash } from './users.repo.ts';

/**
 * What every credential change does (a password change in settings, a password reset, a confirmed
 * e-mail change, the first mailbox proof below), inside the change's own transaction: every mailed
 * link still outstanding (confirmation, reset, sign-in, e-mail change, to whichever address) is spent,
 * and every session but `keepSessionId` (the one making the change, if any) ends, on every instance at
 * once. Otherwise someone who once had the old password, the old mailbox or a session keeps a way back:
 * an e-mail change link surviving a reset, a reset link to the old address surviving an e-mail change.
 * Answers how many sessions ended.
 */
export async function endOldAccess(
  trx: Db,
  invalidate: Invalidate,
  userId: string,
  at: string,
  keepSessionId?: string,
): Promise<number> {
  await spendAuthTokensOfUser(trx, userId, at);
  const ended = await deleteSessionsOfUser(trx, userId, keepSessionId);
  // Drops this user's cached identities (the kept session's too: its next request reads it again).
  await invalidate({ kind: 'user', userId });
  return ended;
}

/**
 * A mailed link other than the sign-up's own confirmation (a sign-in link, a reset link) proved the
 * mailbox. When this is the account's first proof, whoever typed its password at sign-up was never shown
 * to own the address: it may be a stranger who signed up someone else's address and waits for the owner
 * to get in (pre-account takeover). So the password is cleared (the owner sets one through a reset
 * link; a reset sets its own right after this), and every other link and session ends. Answers whether
 * it was the first proof; a confirmed account is left as it is.
 */
export async function firstMailboxProof(
  trx: Db,
  invalidate: Invalidate,
  userId: string,
  at: string,
): Promise<boolean> {
  if (!(await markEmailConfirmed(trx, userId, at))) return false;
  await updatePasswordHash(trx, userId, noPasswordHash, at);
  await endOldAccess(trx, invalidate, userId, at);
  return true;
}
