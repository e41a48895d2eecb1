import { LruCache } from '../../cache/lru-cache.ts';
import { registerCache } from '../../cluster/invalidation.ts';
import type { AppDeps } from '../../deps.ts';
import { findProfile, type ProfileRow } from './profiles.repo.ts';

/**
 * user id → user_profiles row, so the read-only guard does not read the profile on every write. The row
 * is cached, not the verdict: whether the trial is over is still derived on each request from the app's
 * clock (trial.ts), so a trial ends on time. Whatever changes a profile or an entitlement records an
 * invalidation (`user` or `entitlement`, cluster/invalidation.ts) in its transaction, which drops the
 * entry on every instance at commit; `ttlMs` is the safety net. One cache per app instance (keyed by its
 * deps); a missing row is never cached (the guard fails closed).
 */
export const profileCacheLimits = { maxEntries: 10_000, ttlMs: 5_000 } as const;

const caches = new WeakMap<AppDeps, LruCache<string, ProfileRow>>();

function profileCache(deps: AppDeps): LruCache<string, ProfileRow> {
  let cache = caches.get(deps);
  if (!cache) {
    const created = new LruCache<string, ProfileRow>(profileCacheLimits);
    caches.set(deps, created);
    registerCache(deps, {
      drop(message) {
        if (message.kind === 'user' || message.kind === 'entitlement') created.delete(message.userId);
      },
      suspend: () => created.suspend(),
      resume: () => created.resume(),
    });
    cache = created;
  }
  return cache;
}

/** The user's profile row, from the cache when fresh. */
export async function cachedProfile(deps: AppDeps, userId: string): Promise<ProfileRow | undefined> {
  const cache = profileCache(deps);
  const cached = cache.get(userId);
  if (cached) return cached;
  const generation = cache.generation();
  const row = await findProfile(deps.database.db, userId);
  if (row) cache.set(userId, row, generation);
  return row;
}
