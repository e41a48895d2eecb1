import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * What other modules add to a new account, inside the sign-up's transaction (so an account never exists
 * half made): the starter module gives it a `Getting started` notebook and list. A step receives the
 * transaction, the new user's id, the moment of creation and the time zone the person signed up in (UTC
 * when unknown); it must not call out to the network.
 */
export type AccountCreationStep = (trx: Db, userId: string, at: AccountCreationMoment) => Promise<void>;

export interface AccountCreationMoment {
  now: Date;
  /** An IANA zone this runtime knows (`Europe/Paris`), `UTC` when the browser gave none. */
  timeZone: string;
}

const steps = new WeakMap<AppDeps, AccountCreationStep[]>();

export function addAccountCreationStep(deps: AppDeps, step: AccountCreationStep): void {
  const list = steps.get(deps) ?? [];
  list.push(step);
  steps.set(deps, list);
}

export function accountCreationSteps(deps: AppDeps): readonly AccountCreationStep[] {
  return steps.get(deps) ?? [];
}
