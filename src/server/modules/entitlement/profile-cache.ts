import type { InvalidationHub } from '../../cache/invalidation-hub.ts';
import { LruCache } from '../../cache/lru-cache.ts';
import type { AppDeps } from '../../deps.ts';
import { findProfile, type ProfileRow } from './profiles.repo.ts';

/**
 * user id → user_profiles row, so the read-only guard does not read the profile on every write. The row
 * is cached, not the verdict: whether the trial is over is still derived on each request from the app's
 * clock (trial.ts), so a trial ends on time. Whatever changes a profile or an entitlement records an
 * invalidation (`user` or `entitlement`, cluster/invalidation.ts) in its transaction, which drops the
 * entry on every instance at commit; `ttlMs` is the safety net. One cache per app instance
 * (`deps.context.caches.profiles`); a missing row is never cached (the guard fails closed).
 */
export const profileCacheLimits = { maxEntries: 10_000, ttlMs: 5_000 } as const;

/** The app's profile cache (made once per app, app.ts), emptied by profile and entitlement changes. */
export function createProfileCache(invalidation: InvalidationHub): LruCache<string, ProfileRow> {
  const cache = new LruCache<string, ProfileRow>(profileCacheLimits);
  invalidation.register({
    drop(message) {
      if (message.kind === 'user' || message.kind === 'entitlement') cache.delete(message.userId);
    },
    suspend: () => cache.suspend(),
    resume: () => cache.resume(),
  });
  return cache;
}

/** The user's profile row, from the cache when fresh. */
export async function cachedProfile(deps: AppDeps, userId: string): Promise<ProfileRow | undefined> {
  const cache = deps.context.caches.profiles;
  const cached = cache.get(userId);
  if (cached) return cached;
  const generation = cache.generation();
  const row = await findProfile(deps.database.db, userId);
  if (row) cache.set(userId, row, generation);
  return row;
}
