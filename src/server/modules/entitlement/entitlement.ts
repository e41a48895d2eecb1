import type { Profile } from '../../../shared/schemas/auth.ts';
import type { AppDeps } from '../../deps.ts';
import { cachedProfile } from './profile-cache.ts';
import { findProfile } from './profiles.repo.ts';
import { trialVerdict } from './trial.ts';

/**
 * Whether an account may write, answered in one place (docs/ARCHITECTURE.md). The trial is the first source and
 * is built in; other capabilities (billing's subscriptions) add a source at start-up to
 * `deps.context.entitlementSources`, so neither the write guard nor any route knows where access comes from.
 *
 * docs/PRODUCT.md §4: read-only = trial expired and no source grants access. A missing profile row fails closed.
 * With BILLING=off there is no trial and nothing to pay: every account (with a profile) may write.
 */
export type { EntitlementSource } from '../../deps.ts';

async function anySourceGrants(deps: AppDeps, userId: string): Promise<boolean> {
  for (const source of deps.context.entitlementSources) {
    if (await source.grantsAccess(userId)) return true;
  }
  return false;
}

/** The write guard's question. The trial is asked first: it is cached, so most writes cost no query. */
export async function isWritable(deps: AppDeps, userId: string): Promise<boolean> {
  const row = await cachedProfile(deps, userId);
  if (!row) return false;
  if (deps.config.billingMode === 'off') return true;
  if (trialVerdict(row, deps.now()).grantsAccess) return true;
  return anySourceGrants(deps, userId);
}

/**
 * The account status the client sees (GET /api/auth/session), or null for a user without a profile. Read
 * fresh, not from the cache: it is asked once per page load, and must show a change made elsewhere.
 */
export async function accountStatus(deps: AppDeps, userId: string): Promise<Profile | null> {
  const row = await findProfile(deps.database.db, userId);
  if (!row) return null;
  const trial = trialVerdict(row, deps.now());
  if (deps.config.billingMode === 'off') {
    // No trial to count down and nothing to buy: the account simply has full access.
    return {
      isTrial: false,
      accountStatus: 'active',
      trialEndDate: trial.trialEndDate,
      daysRemaining: 0,
      readOnly: false,
      timeZone: row.time_zone ?? null,
    };
  }
  // Every source is asked, even during the trial: an account a source grants (a paid subscription) is
  // `active` and no longer a trial (docs/PRODUCT.md §4), which hides the trial banner. Derived here rather than
  // written to the profile row, so the write guard never sees a cached "active" after a cancellation.
  const sourceGrants = await anySourceGrants(deps, userId);
  const granted = trial.grantsAccess || sourceGrants;
  return {
    isTrial: sourceGrants ? false : trial.isTrial,
    accountStatus: sourceGrants ? 'active' : trial.accountStatus,
    trialEndDate: trial.trialEndDate,
    daysRemaining: trial.daysRemaining,
    readOnly: !granted,
    timeZone: row.time_zone ?? null,
  };
}
