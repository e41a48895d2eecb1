import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeEmail } from '../../../shared/domain/password-rules.ts';
import { messages } from '../../../shared/messages.ts';
import type {
  ResetPasswordBody,
  SessionResponse,
  SignInBody,
  SignUpBody,
} from '../../../shared/schemas/auth.ts';
import { AppError } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { inBackground } from '../../jobs/background.ts';
import { accountStatus, insertProfile, newTrialProfile } from '../entitlement/index.ts';
import { alreadyRegisteredMail, confirmationMail, passwordResetMail } from './auth-mails.ts';
import { hashPassword, spendVerificationTime, verifyPassword } from './password-hashing.ts';
import { authRateLimits, rateLimiterFor } from './rate-limiter.ts';
import type { SessionIdentity } from './session-cache.ts';
import { forgetSessionsOfUser } from './session-cache.ts';
import { deleteExpiredSessionsOfUser, deleteSessionsOfUser } from './sessions.repo.ts';
import { createSession, type IssuedTokens } from './sessions.service.ts';
import { findUsableAuthToken, issueAuthToken, redeemAuthToken } from './single-use-tokens.ts';
import { invalidateAuthTokens } from './tokens.repo.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailConfirmed,
  updatePasswordHash,
} from './users.repo.ts';

/** What services need to know about the request (never the Host header: links come from APP_URL). */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  log: FastifyBaseLogger;
}

export interface SignedIn {
  identity: SessionIdentity;
  tokens: IssuedTokens;
}

/**
 * Creates the account (user, trial profile, confirmation token in one transaction) and mails the link.
 * An address that already has an account gets the same answer after the same work (the hash is computed
 * either way; the rest runs after the answer, see background.ts) and a mail suggesting to sign in or
 * reset instead, so the form never tells who is registered.
 */
export async function signUp(deps: AppDeps, body: SignUpBody, meta: RequestMeta): Promise<void> {
  const email = normalizeEmail(body.email);
  const limiter = rateLimiterFor(deps);
  limiter.hit(`signup:ip:${meta.ip}`, authRateLimits.signUpPerIp);
  limiter.hit(`mail:signup:${email}`, authRateLimits.mailPerAddress);
  const passwordHash = await hashPassword(body.password);
  inBackground(deps, meta.log, 'auth.signup', () => createAccount(deps, email, passwordHash, meta));
}

async function createAccount(deps: AppDeps, email: string, passwordHash: string, meta: RequestMeta) {
  const existing = await findUserByEmail(deps.database.db, email);
  if (existing) return notifyAlreadyRegistered(deps, email, existing.id, meta);

  const now = deps.now();
  const nowIso = now.toISOString();
  const userId = randomUUID();
  let token: string;
  try {
    token = await deps.database.db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id: userId,
        email,
        password_hash: passwordHash,
        email_confirmed_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      });
      await insertProfile(trx, newTrialProfile(userId, now, deps.config.TRIAL_DAYS));
      return issueAuthToken(trx, now, userId, 'email_confirmation');
    });
  } catch (error) {
    // Two sign-ups for one address at once: the unique index let one through; answer the other alike.
    const winner = await findUserByEmail(deps.database.db, email);
    if (!winner) throw error;
    return notifyAlreadyRegistered(deps, email, winner.id, meta);
  }
  meta.log.info({ event: 'auth.signup', userId }, 'account created; confirmation mailed');
  await deps.mailer.send(confirmationMail(deps.config.APP_URL, email, token));
}

async function notifyAlreadyRegistered(deps: AppDeps, email: string, userId: string, meta: RequestMeta) {
  meta.log.info({ event: 'auth.signup_existing', userId }, 'sign-up for a registered address');
  await deps.mailer.send(alreadyRegisteredMail(deps.config.APP_URL, email));
}

/** Opening the confirmation link confirms the address and signs the person in on that browser. */
export async function confirmEmail(deps: AppDeps, token: string, meta: RequestMeta): Promise<SignedIn> {
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
  if (!user) throw new AppError('invalid_token', 400, messages.auth.noSessionFound);
  const tokens = await createSession(deps, user.id, { rememberMe: false, userAgent: meta.userAgent });
  meta.log.info({ event: 'auth.email_confirmed', userId: user.id }, 'e-mail confirmed; signed in');
  return { identity: { userId: user.id, email: user.email, sessionId: tokens.sessionId }, tokens };
}

/** Mails a fresh confirmation link when the address has an unconfirmed account; silent otherwise. */
export async function resendConfirmation(deps: AppDeps, rawEmail: string, meta: RequestMeta): Promise<void> {
  const email = normalizeEmail(rawEmail);
  limitMail(deps, 'resend', email, meta.ip);
  inBackground(deps, meta.log, 'auth.resend_confirmation', async () => {
    const user = await findUserByEmail(deps.database.db, email);
    if (!user || user.email_confirmed_at !== null) return;
    const token = await issueAuthToken(deps.database.db, deps.now(), user.id, 'email_confirmation');
    meta.log.info({ event: 'auth.confirmation_resent', userId: user.id }, 'confirmation mail resent');
    await deps.mailer.send(confirmationMail(deps.config.APP_URL, email, token));
  });
}

const invalidCredentials = () => new AppError('invalid_credentials', 401, messages.auth.invalidCredentials);

export async function signIn(deps: AppDeps, body: SignInBody, meta: RequestMeta): Promise<SignedIn> {
  const email = normalizeEmail(body.email);
  const limiter = rateLimiterFor(deps);
  limiter.hit(`signin:ip:${meta.ip}`, authRateLimits.signInPerIp);
  limiter.hit(`signin:ip-email:${meta.ip}:${email}`, authRateLimits.signInPerIpAndEmail);
  limiter.hit(`signin:email:${email}`, authRateLimits.signInPerEmail);

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
  if (user.email_confirmed_at === null) {
    meta.log.info({ event: 'auth.signin_failed', reason: 'unconfirmed', userId: user.id }, 'sign-in failed');
    throw new AppError('email_not_confirmed', 403, messages.auth.emailNotConfirmed);
  }
  await deleteExpiredSessionsOfUser(db, user.id, deps.now().toISOString());
  const tokens = await createSession(deps, user.id, {
    rememberMe: body.rememberMe,
    userAgent: meta.userAgent,
  });
  meta.log.info(
    { event: 'auth.signin', userId: user.id, sessionId: tokens.sessionId, rememberMe: body.rememberMe },
    'signed in',
  );
  return { identity: { userId: user.id, email: user.email, sessionId: tokens.sessionId }, tokens };
}

/** Mails a reset link when the address has an account; the answer is the same either way. */
export async function forgotPassword(deps: AppDeps, rawEmail: string, meta: RequestMeta): Promise<void> {
  const email = normalizeEmail(rawEmail);
  limitMail(deps, 'forgot', email, meta.ip);
  inBackground(deps, meta.log, 'auth.forgot_password', async () => {
    const user = await findUserByEmail(deps.database.db, email);
    if (!user) return;
    const token = await issueAuthToken(deps.database.db, deps.now(), user.id, 'password_reset');
    meta.log.info({ event: 'auth.reset_requested', userId: user.id }, 'password reset mailed');
    await deps.mailer.send(passwordResetMail(deps.config.APP_URL, email, token));
  });
}

const invalidResetLink = () => new AppError('invalid_token', 400, messages.auth.invalidResetLink);

/**
 * Sets the new password and ends every session of the user. The link proved the mailbox, so it also
 * confirms an unconfirmed address. Every other outstanding reset link dies with it.
 */
export async function resetPassword(deps: AppDeps, body: ResetPasswordBody, meta: RequestMeta) {
  const db = deps.database.db;
  // Check before the (deliberately slow) hash, so forged tokens cost us nothing; redeem for real below.
  if (!(await findUsableAuthToken(db, deps.now(), 'password_reset', body.token))) throw invalidResetLink();
  const passwordHash = await hashPassword(body.password);
  const now = deps.now();
  const nowIso = now.toISOString();
  const result = await db.transaction().execute(async (trx) => {
    const row = await redeemAuthToken(trx, now, 'password_reset', body.token);
    if (!row) return null;
    await updatePasswordHash(trx, row.user_id, passwordHash, nowIso);
    await markEmailConfirmed(trx, row.user_id, nowIso);
    await invalidateAuthTokens(trx, row.user_id, 'password_reset', nowIso);
    await invalidateAuthTokens(trx, row.user_id, 'email_confirmation', nowIso);
    const ended = await deleteSessionsOfUser(trx, row.user_id);
    return { userId: row.user_id, ended };
  });
  if (!result) throw invalidResetLink();
  forgetSessionsOfUser(deps, result.userId);
  meta.log.info(
    { event: 'auth.password_reset', userId: result.userId, sessionsEnded: result.ended },
    'password reset; every session ended',
  );
}

/** Per-address and per-IP limits for every endpoint that sends a mail, applied whether or not it does. */
export function limitMail(deps: AppDeps, kind: string, email: string, ip: string): void {
  const limiter = rateLimiterFor(deps);
  limiter.hit(`mail:ip:${ip}`, authRateLimits.mailPerIp);
  limiter.hit(`mail:${kind}:${email}`, authRateLimits.mailPerAddress);
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
