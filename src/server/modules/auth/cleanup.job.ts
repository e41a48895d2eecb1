import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { removeAccount } from './account-deletion.ts';
import { deleteExpiredChallenges as deleteExpiredPasskeyChallenges } from './passkeys.repo.ts';
import { deleteExpiredSessions, deleteRotatedRefreshTokens } from './sessions.repo.ts';
import { deleteExpiredAuthTokens } from './tokens.repo.ts';
import { deleteExpiredChallenges as deleteExpiredSecondSteps } from './two-step.repo.ts';
import { claimStaleUnconfirmedUser, findStaleUnconfirmedUsers } from './users.repo.ts';

const DAY = 24 * 60 * 60 * 1000;
/** How long a rotated refresh token is kept so that its replay is still detected as reuse. */
export const rotatedTokenRetentionMs = 7 * DAY;
/**
 * How long a sign-up may stay unconfirmed before it is deleted with its data. Anyone can sign up someone
 * else's address; such an account must not wait for ever for its owner (and it holds the address, so
 * the owner's own sign-up would only be told to sign in). Longer than the confirmation link (24 h), so
 * a resent link still has time.
 */
export const unconfirmedSignUpLifetimeMs = 3 * DAY;
/** Stale sign-ups deleted per run, each in its own transaction; the next hourly run takes the rest. */
const unconfirmedPerRun = 500;

/**
 * Hourly: expired sessions, old rotated refresh tokens, expired single-use tokens, second steps and
 * passkey challenges, finished rate-limit windows and stale unconfirmed sign-ups are deleted.
 */
export const authCleanupJob = defineJob({
  kind: 'auth.cleanup',
  payload: z.object({}),
  async run(deps, _payload, { log }) {
    const now = deps.now();
    const db = deps.database.db;
    const sessions = await deleteExpiredSessions(db, now.toISOString());
    const refreshTokens = await deleteRotatedRefreshTokens(
      db,
      new Date(now.getTime() - rotatedTokenRetentionMs).toISOString(),
    );
    const authTokens = await deleteExpiredAuthTokens(db, new Date(now.getTime() - DAY).toISOString());
    const secondSteps = await deleteExpiredSecondSteps(db, now.toISOString());
    const rateLimits = await deps.context.rateLimits.sweep();
    const passkeyChallenges = await deleteExpiredPasskeyChallenges(db, now.toISOString());
    const before = new Date(now.getTime() - unconfirmedSignUpLifetimeMs).toISOString();
    let unconfirmedAccounts = 0;
    for (const userId of await findStaleUnconfirmedUsers(db, before, unconfirmedPerRun)) {
      // The account-deletion path (other modules' steps, cascade, cache); skipped when confirmed meanwhile.
      const removed = await removeAccount(deps, userId, (trx) =>
        claimStaleUnconfirmedUser(trx, userId, before),
      );
      if (removed) unconfirmedAccounts += 1;
    }
    log.info(
      {
        event: 'auth.cleanup',
        sessions,
        refreshTokens,
        authTokens,
        secondSteps,
        rateLimits,
        passkeyChallenges,
        unconfirmedAccounts,
      },
      'expired sessions, tokens, rate-limit windows and stale unconfirmed sign-ups deleted',
    );
  },
});
