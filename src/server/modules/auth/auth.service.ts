import { normalizeEmail } from '../../../shared/domain/password-rules.ts';
import { isValidTimeZone } from '../../../shared/domain/time-zone.ts';
import { messages } from '../../../shared/messages.ts';
import type {
  ResetPasswordBody,
  SessionResponse,
  SignInBody,
  SignUpBody,
} from '../../../shared/schemas/auth.ts';
import { AppError } from '../../app-error.ts';
import { transactionWithInvalidation } from '../../cluster/invalidation.ts';
import type { AppDeps, SessionIdentity } from '../../deps.ts';
import { enqueueNow } from '../../jobs/queue.ts';
import { accountStatus } from '../entitlement/index.ts';
import { forgotPasswordJob, resendConfirmationJob, signUpJob } from './auth.jobs.ts';
import { refuseBreachedPassword } from './breached-passwords.ts';
import { endOldAccess } from './credential-change.ts';
import { mailIfNewDevice } from './devices.service.ts';
import { hashPassword, spendVerificationTime, verifyPassword } from './password-hashing.ts';
import { authRateLimits, type Reservation, rateLimiterFor } from './rate-limiter.ts';
import type { RequestMeta } from './request-meta.ts';
import { type SignInOutcome, secondStepFor } from './second-step.ts';
import { deleteExpiredSessionsOfUser } from './sessions.repo.ts';
import { createSession } from './sessions.service.ts';
import { findUsableAuthToken, redeemAuthToken } from './single-use-tokens.ts';
import { invalidateAuthTokens } from './tokens.repo.ts';
import {
  findUserByEmail,
  findUserById,
  isEmailConfirmed,
  markEmailConfirmed,
  updatePasswordHash,
} from './users.repo.ts';

export type { RequestMeta, SignedIn } from './request-meta.ts';

/**
 * Queues the account's creation (auth.jobs.ts: user, trial profile, confirmation link in one transaction)
 * and answers. An address that already has an account gets the same answer after the same work (the hash
 * is computed and the job written either way) and a mail suggesting to sign in or reset instead, so the
 * form never tells who is registered.
 */
export async function signUp(deps: AppDeps, body: SignUpBody, meta: RequestMeta): Promise<void> {
  refuseBreachedPassword(body.password);
  const email = normalizeEmail(body.email);
  const limiter = rateLimiterFor(deps);
  await limiter.hit(`signup:ip:${meta.ip}`, authRateLimits.signUpPerIp);
  await limiter.hit(`mail:signup:${email}`, authRateLimits.mailPerAddress);
  const passwordHash = await hashPassword(body.password);
  const timeZone = body.timeZone && isValidTimeZone(body.timeZone) ? body.timeZone : undefined;
  await enqueueNow(deps, signUpJob, { email, passwordHash, timeZone, appUrl: meta.appUrl });
}

/** Opening the confirmation link confirms the address and signs the person in on that browser. */
export async function confirmEmail(deps: AppDeps, token: string, meta: RequestMeta): Promise<SignInOutcome> {
  const now = deps.now();
  const userId = await deps.database.db.transaction().execute(async (trx) => {
    const row = await redeemAuthToken(trx, now, 'email_confirmation', token);
    if (!row) return null;
    await markEmailConfirmed(trx, row.user_id, now.toISOString());
    // Each link signs in; once the address is confirmed, the other links (resends) must not.
    await invalidateAuthTokens(trx, row.user_id, 'email_confirmation', now.toISOString());
    return row.user_id;
  });
  const user = userId ? await findUserById(deps.database.db, userId) : undefined;
  // A used or expired link: say so (the callback screen then offers a new one), not "No session found".
  if (!user) throw new AppError('invalid_token', 400, messages.auth.invalidLink);
  // A mailbox alone is not enough where two-step sign-in is on (it cannot be on before confirmation today).
  const secondStep = await secondStepFor(deps, user.id, false);
  if (secondStep) return { secondStep };
  const tokens = await createSession(deps, user.id, { rememberMe: false, userAgent: meta.userAgent });
  meta.log.info({ event: 'auth.email_confirmed', userId: user.id }, 'e-mail confirmed; signed in');
  return { identity: { userId: user.id, email: user.email, sessionId: tokens.sessionId }, tokens };
}

/** Mails a fresh confirmation link when the address has an unconfirmed account; silent otherwise. */
export async function resendConfirmation(deps: AppDeps, rawEmail: string, meta: RequestMeta): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await limitMail(deps, 'resend', email, meta.ip);
  await enqueueNow(deps, resendConfirmationJob, { email, appUrl: meta.appUrl });
}

const invalidCredentials = () => new AppError('invalid_credentials', 401, messages.auth.invalidCredentials);

/**
 * Sign-in limits count failures only (docs/PRODUCT.md §10.2): each attempt reserves a place under every limit, a
 * right password gives it back, and a sign-in clears the address's failures. So a stranger's wrong
 * guesses never cost the owner a success, and when they do trip the per-address limit the owner still
 * gets in with a mailed sign-in link (signin-link.service.ts).
 */
export async function signIn(deps: AppDeps, body: SignInBody, meta: RequestMeta): Promise<SignInOutcome> {
  const email = normalizeEmail(body.email);
  const limits = await reserveSignInAttempt(deps, meta.ip, email);
  const db = deps.database.db;
  const user = await findUserByEmail(db, email);
  if (!user) {
    await spendVerificationTime(body.password);
    meta.log.info({ event: 'auth.signin_failed', reason: 'unknown_email', ip: meta.ip }, 'sign-in failed');
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.password_hash, body.password))) {
    meta.log.info(
      { event: 'auth.signin_failed', reason: 'wrong_password', userId: user.id },
      'sign-in failed',
    );
    throw invalidCredentials();
  }
  // The password was right: this attempt is not a failure, whatever comes next.
  await limits.refund();
  if (user.email_confirmed_at === null) {
    meta.log.info({ event: 'auth.signin_failed', reason: 'unconfirmed', userId: user.id }, 'sign-in failed');
    throw new AppError('email_not_confirmed', 403, messages.auth.emailNotConfirmed);
  }
  await clearSignInFailures(deps, meta.ip, email);
  // With two-step sign-in on, a right password makes no session: the second step does (second-step.ts).
  const secondStep = await secondStepFor(deps, user.id, body.rememberMe);
  if (secondStep) {
    meta.log.info(
      { event: 'auth.second_step_required', userId: user.id },
      'password right; second step asked',
    );
    return { secondStep };
  }
  await deleteExpiredSessionsOfUser(db, user.id, deps.now().toISOString());
  const tokens = await createSession(deps, user.id, {
    rememberMe: body.rememberMe,
    userAgent: meta.userAgent,
  });
  await mailIfNewDevice(deps, user, tokens.sessionId, meta);
  meta.log.info(
    { event: 'auth.signin', userId: user.id, sessionId: tokens.sessionId, rememberMe: body.rememberMe },
    'signed in',
  );
  return { identity: { userId: user.id, email: user.email, sessionId: tokens.sessionId }, tokens };
}

const signInLimits = (ip: string, email: string) =>
  [
    { key: `signin:ip:${ip}`, rule: authRateLimits.signInPerIp },
    { key: `signin:ip-email:${ip}:${email}`, rule: authRateLimits.signInPerIpAndEmail },
    { key: `signin:email:${email}`, rule: authRateLimits.signInPerEmail },
  ] as const;

/** Reserves one attempt under every sign-in limit (429 when one is full); `refund` gives them back. */
async function reserveSignInAttempt(deps: AppDeps, ip: string, email: string) {
  const limiter = rateLimiterFor(deps);
  const reserved: Reservation[] = [];
  const refund = async () => {
    for (const reservation of reserved.splice(0)) await limiter.refund(reservation);
  };
  try {
    for (const { key, rule } of signInLimits(ip, email)) reserved.push(await limiter.reserve(key, rule));
  } catch (error) {
    await refund();
    throw error;
  }
  return { refund };
}

/** A sign-in (by password or by link) clears the address's failures. */
export async function clearSignInFailures(deps: AppDeps, ip: string, email: string): Promise<void> {
  const limiter = rateLimiterFor(deps);
  await limiter.clear(`signin:ip-email:${ip}:${email}`);
  await limiter.clear(`signin:email:${email}`);
}

/** Mails a reset link when the address has an account; the answer is the same either way. */
export async function forgotPassword(deps: AppDeps, rawEmail: string, meta: RequestMeta): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await limitMail(deps, 'forgot', email, meta.ip);
  await enqueueNow(deps, forgotPasswordJob, { email, appUrl: meta.appUrl });
}

const invalidResetLink = () => new AppError('invalid_token', 400, messages.auth.invalidResetLink);

/**
 * Sets the new password, ends every session of the user (this browser's too: the person signs in with
 * the new password) and spends every other mailed link of the account (credential-change.ts). The link
 * proved the mailbox, so it also confirms an unconfirmed address.
 */
export async function resetPassword(deps: AppDeps, body: ResetPasswordBody, meta: RequestMeta) {
  const db = deps.database.db;
  // Check before the (deliberately slow) hash, so forged tokens cost us nothing; redeem for real below.
  if (!(await findUsableAuthToken(db, deps.now(), 'password_reset', body.token))) throw invalidResetLink();
  refuseBreachedPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  const now = deps.now();
  const nowIso = now.toISOString();
  const result = await transactionWithInvalidation(deps, async (trx, invalidate) => {
    const row = await redeemAuthToken(trx, now, 'password_reset', body.token);
    if (!row) return null;
    await markEmailConfirmed(trx, row.user_id, nowIso);
    await updatePasswordHash(trx, row.user_id, passwordHash, nowIso);
    const ended = await endOldAccess(trx, invalidate, row.user_id, nowIso);
    return { userId: row.user_id, ended };
  });
  if (!result) throw invalidResetLink();
  meta.log.info(
    { event: 'auth.password_reset', userId: result.userId, sessionsEnded: result.ended },
    'password reset; every session ended',
  );
}

/** Per-address and per-IP limits for every endpoint that sends a mail, applied whether or not it does. */
export async function limitMail(deps: AppDeps, kind: string, email: string, ip: string): Promise<void> {
  const limiter = rateLimiterFor(deps);
  await limiter.hit(`mail:ip:${ip}`, authRateLimits.mailPerIp);
  await limiter.hit(`mail:${kind}:${email}`, authRateLimits.mailPerAddress);
}

const signedOut: SessionResponse = { user: null, profile: null };

/** The body of GET /api/auth/session and of every answer that signs someone in. */
export async function sessionResponseFor(
  deps: AppDeps,
  identity: Pick<SessionIdentity, 'userId' | 'email'> | null,
): Promise<SessionResponse> {
  if (!identity) return signedOut;
  return {
    user: { id: identity.userId, email: identity.email },
    profile: await accountStatus(deps, identity.userId),
  };
}

/**
 * Whether the account proved its address. A right that an address grants (ADMIN_EMAILS) needs this:
 * anyone can sign up someone else's address. Read fresh, not from the session cache.
 */
export function hasConfirmedEmail(deps: AppDeps, userId: string): Promise<boolean> {
  return isEmailConfirmed(deps.database.db, userId);
}
