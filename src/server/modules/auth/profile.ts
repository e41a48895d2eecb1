import type { Profile } from '../../../shared/schemas/auth.ts';
import type { ProfileRow } from './users.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The profile as the client sees it, derived at read time (spec §4): a trial whose end has passed reads
 * as expired, and expired means read-only until billing (a later issue) adds active subscriptions.
 */
export function toProfile(row: ProfileRow, now: Date): Profile {
  const end = new Date(row.trial_end_date);
  const left = end.getTime() - now.getTime();
  const trialOver = left <= 0;
  const accountStatus = row.account_status === 'trial' && trialOver ? 'expired' : row.account_status;
  return {
    isTrial: row.is_trial === 1,
    accountStatus,
    trialEndDate: end.toISOString(),
    daysRemaining: trialOver ? 0 : Math.ceil(left / DAY_MS),
    readOnly: accountStatus === 'expired',
  };
}
