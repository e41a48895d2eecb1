import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * What other modules add to a new account, inside the sign-up's transaction (so an account never exists
 * half made): the starter module gives it a `Getting started` notebook and list. A step receives the
 * transaction, the new user's id and the moment of creation; it must not call out to the network.
 */
export type AccountCreationStep = (trx: Db, userId: string, now: Date) => Promise<void>;

const steps = new WeakMap<AppDeps, AccountCreationStep[]>();

export function addAccountCreationStep(deps: AppDeps, step: AccountCreationStep): void {
  const list = steps.get(deps) ?? [];
  list.push(step);
  steps.set(deps, list);
}

export function accountCreationSteps(deps: AppDeps): readonly AccountCreationStep[] {
  return steps.get(deps) ?? [];
}
