import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../../shared/messages.ts';
import { AppError } from '../../app-error.ts';
import { transactionWithInvalidation } from '../../cluster/invalidation.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps, SessionIdentity } from '../../deps.ts';
import { hashToken, newToken } from '../../security/token-crypto.ts';
import {
  deleteSession,
  deleteSessionsOfUser,
  findCurrentRefreshToken,
  findRefreshToken,
  findSessionByAccessHash,
  insertRefreshToken,
  insertSession,
  markRefreshTokenRotated,
  sessionIsOpen,
  updateSessionAfterRefresh,
} from './sessions.repo.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long sessions and their tokens live (docs/accounts.md). */
export const sessionLifetimes = {
  accessMs: 15 * MINUTE,
  /** A rotated refresh token still answers (without rotating again) this long: two tabs refreshing at once. */
  refreshGraceMs: 10_000,
  browserSession: { idleMs: 8 * HOUR, absoluteMs: DAY },
  rememberMe: { idleMs: 30 * DAY, absoluteMs: 90 * DAY },
} as const;

/** Plain tokens exist only here, on their way into cookies; the database keeps their hashes. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  absoluteExpiresAt: Date;
  rememberMe: boolean;
}

const lifetimesFor = (rememberMe: boolean) =>
  rememberMe ? sessionLifetimes.rememberMe : sessionLifetimes.browserSession;
const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);
const iso = (date: Date) => date.toISOString();

/** Starts a session for a user who just proved who they are (sign-in, or the confirmation link). */
export async function createSession(
  deps: AppDeps,
  userId: string,
  options: { rememberMe: boolean; userAgent: string | null },
): Promise<IssuedTokens & { sessionId: string }> {
  const now = deps.now();
  const life = lifetimesFor(options.rememberMe);
  const absoluteExpiresAt = new Date(now.getTime() + life.absoluteMs);
  const accessExpiresAt = earlier(new Date(now.getTime() + sessionLifetimes.accessMs), absoluteExpiresAt);
  const sessionId = randomUUID();
  const accessToken = newToken();
  const refreshToken = newToken();
  await deps.database.db.transaction().execute(async (trx) => {
    await insertSession(trx, {
      id: sessionId,
      user_id: userId,
      access_token_hash: hashToken(accessToken),
      access_expires_at: iso(accessExpiresAt),
      remember_me: options.rememberMe ? 1 : 0,
      idle_expires_at: iso(earlier(new Date(now.getTime() + life.idleMs), absoluteExpiresAt)),
      absolute_expires_at: iso(absoluteExpiresAt),
      // Kept short: it only helps a person recognise a device, and must not grow the row unbounded.
      user_agent: options.userAgent?.slice(0, 300) ?? null,
      created_at: iso(now),
      last_used_at: iso(now),
    });
    await insertRefreshToken(trx, {
      token_hash: hashToken(refreshToken),
      session_id: sessionId,
      parent_token_hash: null,
      created_at: iso(now),
      rotated_at: null,
    });
  });
  return {
    sessionId,
    accessToken,
    refreshToken,
    accessExpiresAt,
    absoluteExpiresAt,
    rememberMe: options.rememberMe,
  };
}

/** The identity behind an access token, or null when it is unknown or expired. */
export async function resolveAccessToken(
  deps: AppDeps,
  accessToken: string,
): Promise<SessionIdentity | null> {
  const hash = hashToken(accessToken);
  const now = iso(deps.now());
  const cache = deps.context.caches.sessions;
  const cached = cache.get(hash);
  // ISO-8601 UTC strings of one format compare correctly as text.
  if (cached && now < cached.expiresAt) return cached.identity;
  const generation = cache.generation();
  const row = await findSessionByAccessHash(deps.database.db, hash);
  if (!row) return null;
  // The earliest of the three ends (ISO strings of one format sort by time).
  const [expiresAt = now] = [row.accessExpiresAt, row.idleExpiresAt, row.absoluteExpiresAt].sort();
  if (expiresAt <= now) return null;
  const identity = { userId: row.userId, email: row.email, sessionId: row.sessionId };
  cache.set(hash, { identity, expiresAt }, generation);
  return identity;
}

/**
 * Whether a signed-in request's session is still open: a stream that outlives its request (the live
 * events) asks on every event and heartbeat, so a sign-out or expiry ends it. The access token's own
 * short life is not checked: the stream was authorized when it opened, like any request in flight.
 */
export function isSessionOpen(deps: AppDeps, identity: SessionIdentity): Promise<boolean> {
  return sessionIsOpen(deps.database.db, identity.sessionId, identity.userId, iso(deps.now()));
}

export type RefreshOutcome =
  | { kind: 'rotated'; identity: SessionIdentity; tokens: IssuedTokens }
  /** The immediate parent token within the grace period: the session stands, no new cookies. */
  | { kind: 'grace'; identity: SessionIdentity };

export const sessionExpired = () => new AppError('session_expired', 401, messages.auth.sessionExpired);

/**
 * Exchanges a refresh token for a new access + refresh pair. The presented token is retired; presenting
 * a retired token again means it was copied, so the whole session is revoked, unless it is the
 * immediate parent within the grace period (another tab of the same browser refreshed a moment ago:
 * that tab's response already put the new cookies in the shared cookie jar).
 */
export async function refreshSession(
  deps: AppDeps,
  refreshToken: string,
  log: FastifyBaseLogger,
): Promise<RefreshOutcome> {
  const now = deps.now();
  const nowIso = iso(now);
  const tokenHash = hashToken(refreshToken);
  // Rotation replaces the access token; expiry and reuse delete the session. Either way the old access
  // token must stop working now on every instance, not when a cache entry would lapse.
  const outcome = await transactionWithInvalidation(deps, async (trx, invalidate) => {
    const row = await findRefreshToken(trx, tokenHash);
    if (!row) return { kind: 'unknown' as const };
    const identity = { userId: row.userId, email: row.email, sessionId: row.sessionId };
    const ended = () => invalidate({ kind: 'session', sessionId: row.sessionId });
    if (row.idleExpiresAt <= nowIso || row.absoluteExpiresAt <= nowIso) {
      await deleteSession(trx, row.sessionId);
      await ended();
      return { kind: 'expired' as const, identity };
    }
    if (row.rotatedAt === null && (await markRefreshTokenRotated(trx, tokenHash, nowIso))) {
      const tokens = await rotate(trx, row, now);
      await ended();
      return { kind: 'rotated' as const, identity, tokens };
    }
    // Retired, by an earlier refresh or by a concurrent one that just won the race (then re-read when).
    const rotatedAt = row.rotatedAt ?? (await findRefreshToken(trx, tokenHash))?.rotatedAt ?? nowIso;
    if (await isGraceReuse(trx, row.sessionId, tokenHash, rotatedAt, now)) {
      return { kind: 'grace' as const, identity };
    }
    await deleteSession(trx, row.sessionId);
    await ended();
    return { kind: 'reused' as const, identity };
  });

  switch (outcome.kind) {
    case 'rotated':
    case 'grace':
      return outcome;
    case 'reused':
      log.warn(
        {
          event: 'auth.refresh_reuse',
          userId: outcome.identity.userId,
          sessionId: outcome.identity.sessionId,
        },
        'rotated refresh token reused; session revoked',
      );
      throw sessionExpired();
    case 'expired':
      log.info({ event: 'auth.session_expired', userId: outcome.identity.userId }, 'session expired');
      throw sessionExpired();
    default:
      throw sessionExpired();
  }
}

async function rotate(
  trx: Db,
  parent: { tokenHash: string; sessionId: string; rememberMe: number; absoluteExpiresAt: string },
  now: Date,
): Promise<IssuedTokens> {
  const { sessionId } = parent;
  const rememberMe = parent.rememberMe === 1;
  const absoluteExpiresAt = new Date(parent.absoluteExpiresAt);
  const life = lifetimesFor(rememberMe);
  const accessToken = newToken();
  const refreshToken = newToken();
  await insertRefreshToken(trx, {
    token_hash: hashToken(refreshToken),
    session_id: sessionId,
    parent_token_hash: parent.tokenHash,
    created_at: iso(now),
    rotated_at: null,
  });
  const accessExpiresAt = earlier(new Date(now.getTime() + sessionLifetimes.accessMs), absoluteExpiresAt);
  await updateSessionAfterRefresh(trx, sessionId, {
    access_token_hash: hashToken(accessToken),
    access_expires_at: iso(accessExpiresAt),
    idle_expires_at: iso(earlier(new Date(now.getTime() + life.idleMs), absoluteExpiresAt)),
    last_used_at: iso(now),
  });
  return { accessToken, refreshToken, accessExpiresAt, absoluteExpiresAt, rememberMe };
}

/** True when the retired token is the one the current token replaced, and that happened moments ago. */
async function isGraceReuse(
  trx: Db,
  sessionId: string,
  tokenHash: string,
  rotatedAtIso: string,
  now: Date,
): Promise<boolean> {
  if (now.getTime() - new Date(rotatedAtIso).getTime() > sessionLifetimes.refreshGraceMs) return false;
  const current = await findCurrentRefreshToken(trx, sessionId);
  return current?.parent_token_hash === tokenHash;
}

/** Ends the session a request's tokens belong to (either token suffices); unknown tokens are ignored. */
export async function endSession(
  deps: AppDeps,
  tokens: { accessToken?: string | undefined; refreshToken?: string | undefined },
): Promise<string | null> {
  const db = deps.database.db;
  let sessionId: string | null = null;
  if (tokens.refreshToken) {
    sessionId = (await findRefreshToken(db, hashToken(tokens.refreshToken)))?.sessionId ?? null;
  }
  if (!sessionId && tokens.accessToken) {
    sessionId = (await findSessionByAccessHash(db, hashToken(tokens.accessToken)))?.sessionId ?? null;
  }
  if (sessionId) {
    const ended = sessionId;
    await transactionWithInvalidation(deps, async (trx, invalidate) => {
      await deleteSession(trx, ended);
      await invalidate({ kind: 'session', sessionId: ended });
    });
  }
  return sessionId;
}

/** Ends every session of a user (sign out everywhere), on every instance at once; answers how many. */
export async function revokeSessionsOfUser(deps: AppDeps, userId: string): Promise<number> {
  return transactionWithInvalidation(deps, async (trx, invalidate) => {
    const ended = await deleteSessionsOfUser(trx, userId);
    await invalidate({ kind: 'user', userId });
    return ended;
  });
}
