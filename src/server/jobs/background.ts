import type { AppDeps } from '../deps.ts';

/**
 * Runs work after the answer is sent. The account endpoints that must not reveal whether an address has
 * an account (sign-up, resend, forgot password, e-mail change) answer once the input is checked and the
 * password hashed, then look the address up, write and mail here: the answer then takes the same time
 * either way (a database write and an SMTP round trip are easy to time), and a slow mail server cannot
 * stall it. That is also what their 202 Accepted says. A failure is logged; the person can ask again.
 *
 * Pending work is tracked per app so shutdown can wait for it (drainBackground) before the database
 * closes: a SIGTERM right after a sign-up must not lose the account or its confirmation mail.
 */
const pendingByApp = new WeakMap<AppDeps, Set<Promise<void>>>();

export function inBackground(
  deps: AppDeps,
  log: { error(details: object, message: string): void },
  event: string,
  task: () => Promise<void>,
): void {
  let pending = pendingByApp.get(deps);
  if (!pending) {
    pending = new Set();
    pendingByApp.set(deps, pending);
  }
  const running = task().catch((error: unknown) => {
    log.error({ err: error, event }, 'background work failed');
  });
  pending.add(running);
  void running.finally(() => pending.delete(running));
}

/** Waits for every background task of this app, including any they start while draining. */
export async function drainBackground(deps: AppDeps): Promise<void> {
  const pending = pendingByApp.get(deps);
  while (pending && pending.size > 0) await Promise.allSettled([...pending]);
}
