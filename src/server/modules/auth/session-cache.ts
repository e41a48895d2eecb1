import type { InvalidationHub } from '../../cache/invalidation-hub.ts';
import { LruCache } from '../../cache/lru-cache.ts';
import type { CachedSession } from '../../deps.ts';

/**
 * Access-token-hash → identity, so a signed-in request does not read `sessions` every time (it was one
 * query of two on every workspace read). One cache per app instance (`deps.context.caches.sessions`).
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

/** The app's session cache (made once per app, app.ts), emptied by the changes that end a session. */
export function createSessionCache(invalidation: InvalidationHub): LruCache<string, CachedSession> {
  const cache = new LruCache<string, CachedSession>(sessionCacheLimits);
  invalidation.register({
    drop(message) {
      if (message.kind === 'session') {
        cache.deleteWhere((entry) => entry.identity.sessionId === message.sessionId);
      } else if (message.kind === 'user') {
        cache.deleteWhere((entry) => entry.identity.userId === message.userId);
      }
    },
    suspend: () => cache.suspend(),
    resume: () => cache.resume(),
  });
  return cache;
}
