import { LruCache } from '../../cache/lru-cache.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * Access-token-hash → identity, so a signed-in request does not read `sessions` every time (it was one
 * query of two on every workspace read). One cache per app instance (keyed by its deps).
 *
 * Revocation stays immediate in this process: everything that ends a session or changes what an entry
 * holds forgets it after its transaction commits (sign-out, sign-out everywhere, refresh rotation and
 * reuse, password reset and change, e-mail change, account deletion); a lookup that raced such a change is
 * not stored (see LruCache). An entry is never used past the session's own access, idle or absolute
 * expiry (checked on the app's clock). Other processes sharing a PostgreSQL database do not see this
 * process's cache: a session they end keeps working here for at most `ttlMs`.
 */
export const sessionCacheLimits = { maxEntries: 10_000, ttlMs: 5_000 } as const;

/** Who a request speaks for, once its access token checked out. */
export interface SessionIdentity {
  userId: string;
  email: string;
  sessionId: string;
}

export interface CachedSession {
  identity: SessionIdentity;
  /** The earliest of access_expires_at, idle_expires_at and absolute_expires_at (ISO, comparable as text). */
  expiresAt: string;
}

const caches = new WeakMap<AppDeps, LruCache<string, CachedSession>>();

export function sessionCache(deps: AppDeps): LruCache<string, CachedSession> {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new LruCache(sessionCacheLimits);
    caches.set(deps, cache);
  }
  return cache;
}

/** After a session ended or its access token changed. */
export function forgetSession(deps: AppDeps, sessionId: string): void {
  sessionCache(deps).deleteWhere((entry) => entry.identity.sessionId === sessionId);
}

/** After some or all of a user's sessions ended, or the user (or their e-mail) changed. */
export function forgetSessionsOfUser(deps: AppDeps, userId: string): void {
  sessionCache(deps).deleteWhere((entry) => entry.identity.userId === userId);
}
