import { normalizeEmail } from '../../../shared/domain/password-rules.ts';
import { messages } from '../../../shared/messages.ts';
import { AppError } from '../../app-error.ts';
import { transactionWithInvalidation } from '../../cluster/invalidation.ts';
import type { AppDeps } from '../../deps.ts';
import { enqueueNow } from '../../jobs/queue.ts';
import { clearSignInFailures, limitMail, type RequestMeta } from './auth.service.ts';
import { firstMailboxProof } from './credential-change.ts';
import { mailIfNewDevice } from './devices.service.ts';
import { type SignInOutcome, secondStepFor } from './second-step.ts';
import { deleteExpiredSessionsOfUser } from './sessions.repo.ts';
import { createSession } from './sessions.service.ts';
import { signInLinkJob } from './signin-link.job.ts';
import { redeemAuthToken } from './single-use-tokens.ts';
import { findUserById } from './users.repo.ts';

/**
 * One-time sign-in links (docs/PRODUCT.md §10.2). When strangers' wrong guesses trip the per-address sign-in limit,
 * the owner asks for a link by e-mail instead of waiting. The answer is the same whether or not the
 * address has an account. A new link does not cancel earlier ones: someone asking for links to another
 * person's address (the mail limits cap that at 5 per 15 minutes) then only sends the owner working links.
 */
export async function requestSignInLink(deps: AppDeps, rawEmail: string, meta: RequestMeta): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await limitMail(deps, 'signin-link', email, meta.ip);
  await enqueueNow(deps, signInLinkJob, { email, appUrl: meta.appUrl });
}

/**
 * Opening the link signs in on that browser (or, with two-step sign-in on, leads to its second step), once, within 15 minutes, and clears the address's sign-in
 * failures. It proves the mailbox: an unconfirmed account becomes confirmed and loses the password it
 * signed up with, which may be a stranger's (firstMailboxProof); the owner sets one with a reset link.
 */
export async function redeemSignInLink(
  deps: AppDeps,
  token: string,
  meta: RequestMeta,
): Promise<SignInOutcome> {
  const now = deps.now();
  const redeemed = await transactionWithInvalidation(deps, async (trx, invalidate) => {
    const row = await redeemAuthToken(trx, now, 'signin_link', token);
    if (!row) return null;
    const firstProof = await firstMailboxProof(trx, invalidate, row.user_id, now.toISOString());
    return { userId: row.user_id, firstProof };
  });
  const user = redeemed ? await findUserById(deps.database.db, redeemed.userId) : undefined;
  if (!redeemed || !user) throw new AppError('invalid_token', 400, messages.auth.invalidLink);
  if (redeemed.firstProof) {
    meta.log.info(
      { event: 'auth.first_mailbox_proof', userId: user.id },
      'unconfirmed account proven by a sign-in link; its sign-up password cleared',
    );
  }
  await clearSignInFailures(deps, meta.ip, user.email);
  // A mailbox alone is not enough where two-step sign-in is on: the link ends in the second step.
  const secondStep = await secondStepFor(deps, user.id, false);
  if (secondStep) {
    meta.log.info({ event: 'auth.second_step_required', via: 'link', userId: user.id }, 'second step asked');
    return { secondStep };
  }
  await deleteExpiredSessionsOfUser(deps.database.db, user.id, now.toISOString());
  const tokens = await createSession(deps, user.id, { rememberMe: false, userAgent: meta.userAgent });
  await mailIfNewDevice(deps, user, tokens.sessionId, meta);
  meta.log.info(
    { event: 'auth.signin', via: 'link', userId: user.id, sessionId: tokens.sessionId },
    'signed in with a mailed link',
  );
  return { identity: { userId: user.id, email: user.email, sessionId: tokens.sessionId }, tokens };
}
