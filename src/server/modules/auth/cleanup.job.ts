import { z } from 'zod';
import { rateLimitStoreFor } from '../../cluster/rate-limit-store.ts';
import { defineJob } from '../../jobs/queue.ts';
import { deleteExpiredSessions, deleteRotatedRefreshTokens } from './sessions.repo.ts';
import { deleteExpiredAuthTokens } from './tokens.repo.ts';

const DAY = 24 * 60 * 60 * 1000;
/** How long a rotated refresh token is kept so that its replay is still detected as reuse. */
export const rotatedTokenRetentionMs = 7 * DAY;

/**
 * Hourly: expired sessions, old rotated refresh tokens, expired single-use tokens and finished rate-limit
 * windows are deleted.
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
    const rateLimits = await rateLimitStoreFor(deps).sweep();
    log.info(
      { event: 'auth.cleanup', sessions, refreshTokens, authTokens, rateLimits },
      'expired sessions, tokens and rate-limit windows deleted',
    );
  },
});
