import type { AccountCreationStep, AppDeps } from '../../deps.ts';

/**
 * What other modules add to a new account, inside the sign-up's transaction (so an account never exists
 * half made): the starter module gives it a `Getting started` notebook and list. A step receives the
 * transaction, the new user's id, the moment of creation and the time zone the person signed up in (UTC
 * when unknown); it must not call out to the network.
 */
export type { AccountCreationMoment, AccountCreationStep } from '../../deps.ts';

/** The steps app.ts listed in `deps.context.hooks.accountCreated`, in order. */
export function accountCreationSteps(deps: AppDeps): readonly AccountCreationStep[] {
  return deps.context.hooks.accountCreated;
}
