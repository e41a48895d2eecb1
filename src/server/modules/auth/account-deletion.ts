import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * What other modules must do when an account is deleted, beyond the rows ON DELETE CASCADE removes:
 * billing cancels the subscription at the provider, which would otherwise go on charging. Each step
 * runs inside the deletion's transaction (so it can enqueue durable jobs that commit with it) and
 * must not call out to the network itself.
 */
export type AccountDeletionStep = (trx: Db, userId: string) => Promise<void>;

const steps = new WeakMap<AppDeps, AccountDeletionStep[]>();

export function addAccountDeletionStep(deps: AppDeps, step: AccountDeletionStep): void {
  const list = steps.get(deps) ?? [];
  list.push(step);
  steps.set(deps, list);
}

export function accountDeletionSteps(deps: AppDeps): readonly AccountDeletionStep[] {
  return steps.get(deps) ?? [];
}
