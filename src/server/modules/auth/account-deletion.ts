import { transactionWithInvalidation } from '../../cluster/invalidation.ts';
import type { Db } from '../../db/database.ts';
import type { AccountDeletionStep, AppDeps } from '../../deps.ts';
import { wakeJobs } from '../../jobs/queue.ts';
import { deleteUser } from './users.repo.ts';

/**
 * What other modules must do when an account is deleted, beyond the rows ON DELETE CASCADE removes:
 * billing cancels the subscription at the provider, which would otherwise go on charging. Each step
 * runs inside the deletion's transaction (so it can enqueue durable jobs that commit with it) and
 * must not call out to the network itself.
 */
export type { AccountDeletionStep } from '../../deps.ts';

/** The steps app.ts (and billing, when on) listed in `deps.context.hooks.accountDeleting`, in order. */
export function accountDeletionSteps(deps: AppDeps): readonly AccountDeletionStep[] {
  return deps.context.hooks.accountDeleting;
}

/**
 * The one way an account goes (deletion from settings, the cleanup of stale sign-ups): the steps, then
 * the user row, whose every other row follows by ON DELETE CASCADE, in one transaction that also drops
 * the user's cached sessions on every instance. `precondition` runs first in that transaction; when it
 * answers false nothing is deleted and this answers false.
 */
export async function removeAccount(
  deps: AppDeps,
  userId: string,
  precondition?: (trx: Db) => Promise<boolean>,
): Promise<boolean> {
  const removed = await transactionWithInvalidation(deps, async (trx, invalidate) => {
    if (precondition && !(await precondition(trx))) return false;
    for (const step of accountDeletionSteps(deps)) await step(trx, userId);
    await deleteUser(trx, userId);
    await invalidate({ kind: 'user', userId });
    return true;
  });
  if (removed) wakeJobs(deps);
  return removed;
}
