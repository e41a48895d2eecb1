import { LruCache } from '../../cache/lru-cache.ts';
import { registerCache } from '../../cluster/invalidation.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * Access-token-hash → identity, so a signed-in request does not read `sessions` every time (it was one
 * query of two on every workspace read). One cache per app instance (keyed by its deps).
 *
 * Revocation is immediate on every instance: everything that ends a session or changes what an entry
 * holds (sign-out, sign-out everywhere, refresh rotation and reuse, password reset and change, e-mail
 * change, account deletion) records an invalidation in its transaction (cluster/invalidation.ts): this
 * instance drops the entries after the commit, the others when PostgreSQL delivers the NOTIFY at commit.
 * A lookup that raced such a change is not stored (see LruCache). An entry is never used past the
 * session's own access, idle or absolute expiry (checked on the app's clock), nor past `ttlMs`, the
 * safety net; while the invalidation channel is down nothing is cached.
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
    const created = new LruCache<string, CachedSession>(sessionCacheLimits);
    caches.set(deps, created);
    registerCache(deps, {
      drop(message) {
        if (message.kind === 'session') {
          created.deleteWhere((entry) => entry.identity.sessionId === message.sessionId);
        } else if (message.kind === 'user') {
          created.deleteWhere((entry) => entry.identity.userId === message.userId);
        }
      },
      suspend: () => created.suspend(),
      resume: () => created.resume(),
    });
    cache = created;
  }
  return cache;
}
