import { LruCache } from '../../cache/lru-cache.ts';
import type { AppDeps } from '../../deps.ts';
import { findProfile, type ProfileRow } from './profiles.repo.ts';

/**
 * user id → user_profiles row, so the read-only guard does not read the profile on every write. The row
 * is cached, not the verdict: whether the trial is over is still derived on each request from the app's
 * clock (trial.ts), so a trial ends on time. What can go stale is the row itself, changed by another
 * process sharing the database (billing recording a subscription): at most `ttlMs`. Code in this process
 * that changes or deletes a profile calls `forgetProfile` after its transaction commits.
 * One cache per app instance (keyed by its deps); a missing row is never cached (the guard fails closed).
 */
export const profileCacheLimits = { maxEntries: 10_000, ttlMs: 5_000 } as const;

const caches = new WeakMap<AppDeps, LruCache<string, ProfileRow>>();

function profileCache(deps: AppDeps): LruCache<string, ProfileRow> {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new LruCache(profileCacheLimits);
    caches.set(deps, cache);
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

/** After the user's profile changed (billing) or the user was deleted. */
export function forgetProfile(deps: AppDeps, userId: string): void {
  profileCache(deps).delete(userId);
}
