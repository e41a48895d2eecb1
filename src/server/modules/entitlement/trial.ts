import type { Profile } from '../../../shared/schemas/auth.ts';
import type { ProfileRow } from './profiles.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trial profile a new account starts with (docs/PRODUCT.md §1: TRIAL_DAYS of full use, no card). */
export function newTrialProfile(userId: string, now: Date, trialDays: number) {
  const nowIso = now.toISOString();
  return {
    id: userId,
    is_trial: 1 as const,
    account_status: 'trial' as const,
    trial_end_date: new Date(now.getTime() + trialDays * DAY_MS).toISOString(),
    created_at: nowIso,
    updated_at: nowIso,
  };
}

/** What the trial alone says about an account: docs/PRODUCT.md §4's derived flags before any subscription. */
export interface TrialVerdict {
  isTrial: boolean;
  accountStatus: Profile['accountStatus'];
  trialEndDate: string;
  daysRemaining: number;
  /** The trial (or an `active` account status) grants full access right now. */
  grantsAccess: boolean;
}

/**
 * Derived at read time from the row and the clock: a trial whose end has passed reads as expired, so a
 * trial ends on time without any job rewriting rows.
 */
export function trialVerdict(row: ProfileRow, now: Date): TrialVerdict {
  const end = new Date(row.trial_end_date);
  const left = end.getTime() - now.getTime();
  const trialOver = left <= 0;
  const accountStatus = row.account_status === 'trial' && trialOver ? 'expired' : row.account_status;
  return {
    isTrial: row.is_trial === 1,
    accountStatus,
    trialEndDate: end.toISOString(),
    daysRemaining: trialOver ? 0 : Math.ceil(left / DAY_MS),
    grantsAccess: accountStatus !== 'expired',
  };
}
