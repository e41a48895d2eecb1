import { normalizeEmail } from '../../../shared/domain/password-rules.ts';
import { messages } from '../../../shared/messages.ts';
import type { ChangeEmailBody, ChangePasswordBody } from '../../../shared/schemas/auth.ts';
import { AppError } from '../../app-error.ts';
import { transactionWithInvalidation } from '../../cluster/invalidation.ts';
import type { AppDeps } from '../../deps.ts';
import { enqueueMail } from '../../jobs/mail.job.ts';
import { enqueueNow, wakeJobs } from '../../jobs/queue.ts';
import { profileTimeZone, setProfileTimeZone } from '../entitlement/index.ts';
import { removeAccount } from './account-deletion.ts';
import { emailChangeJob } from './auth.jobs.ts';
import { limitMail, type RequestMeta } from './auth.service.ts';
import { emailChangedNoticeMail } from './auth-mails.ts';
import { refuseBreachedPassword } from './breached-passwords.ts';
import { endOldAccess } from './credential-change.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { authRateLimits, rateLimiterFor } from './rate-limiter.ts';
import { recordReauthentication, requireRecentReauthentication } from './reauthentication.ts';
import type { RequestAuth } from './session-hook.ts';
import { redeemAuthToken } from './single-use-tokens.ts';
import {
  findUserByEmail,
  findUserById,
  type UserRow,
  updateEmail,
  updatePasswordHash,
} from './users.repo.ts';

/**
 * Account settings. Changing the password or the e-mail asks for the current password again: a stolen
 * session (an unlocked laptop) must not be enough to take the account over.
 */

const unauthorized = () => new AppError('unauthorized', 401, messages.auth.unauthorized);

/** Checks the current password (limited per user, against guessing it through a stolen session). */
async function reauthenticate(deps: AppDeps, auth: RequestAuth, password: string): Promise<UserRow> {
  await rateLimiterFor(deps).hit(`reauth:${auth.userId}`, authRateLimits.reauthPerUser);
  const user = await findUserById(deps.database.db, auth.userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new AppError('invalid_current_password', 400, messages.auth.invalidCurrentPassword, {
      currentPassword: messages.auth.invalidCurrentPassword,
    });
  }
  return user;
}

/**
 * Sets the new password, ends the user's other sessions (this device stays signed in) and spends every
 * mailed link still outstanding (credential-change.ts).
 */
export async function changePassword(
  deps: AppDeps,
  auth: RequestAuth,
  body: ChangePasswordBody,
  meta: RequestMeta,
): Promise<void> {
  const user = await reauthenticate(deps, auth, body.currentPassword);
  refuseBreachedPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  const nowIso = deps.now().toISOString();
  const ended = await transactionWithInvalidation(deps, async (trx, invalidate) => {
    await updatePasswordHash(trx, user.id, passwordHash, nowIso);
    // A reset, sign-in or e-mail change link mailed before the change must not undo it.
    return endOldAccess(trx, invalidate, user.id, nowIso, auth.sessionId);
  });
  meta.log.info(
    { event: 'account.password_changed', userId: user.id, otherSessionsEnded: ended },
    'password changed; other sessions ended',
  );
}

/**
 * Mails a confirmation link to the new address; the address changes only when it is opened. An address
 * that belongs to another account gets the same answer and no mail, so this never reveals who is
 * registered.
 */
export async function requestEmailChange(
  deps: AppDeps,
  auth: RequestAuth,
  body: ChangeEmailBody,
  meta: RequestMeta,
): Promise<void> {
  const user = await reauthenticate(deps, auth, body.currentPassword);
  const newEmail = normalizeEmail(body.email);
  await limitMail(deps, 'email-change', newEmail, meta.ip);
  if (newEmail === user.email) return;
  await enqueueNow(deps, emailChangeJob, { userId: user.id, newEmail, appUrl: meta.appUrl });
}

const invalidLink = () => new AppError('invalid_token', 400, messages.auth.invalidLink);

/**
 * Opening the link moves the account to the new address; the old address is told. Every other mailed
 * link (a reset link to the old address...) is spent and every session ends but `keepSessionId`, the
 * browser that opened the link when it is signed in as this user (credential-change.ts).
 */
export async function confirmEmailChange(
  deps: AppDeps,
  token: string,
  meta: RequestMeta,
  keepSessionId?: string,
): Promise<{ userId: string; email: string }> {
  const now = deps.now();
  const nowIso = now.toISOString();
  let changed: { userId: string; email: string; oldEmail: string; ended: number } | null;
  try {
    changed = await transactionWithInvalidation(deps, async (trx, invalidate) => {
      const row = await redeemAuthToken(trx, now, 'email_change', token);
      const user = row ? await findUserById(trx, row.user_id) : undefined;
      if (!row?.new_email || !user) return null;
      // Someone may have signed up with the address since the link was mailed.
      if (await findUserByEmail(trx, row.new_email)) return null;
      await updateEmail(trx, user.id, row.new_email, nowIso);
      // Also drops the cached identities, which carry the e-mail address. `keepSessionId` may be another
      // user's session: the deletion only looks at this user's.
      const ended = await endOldAccess(trx, invalidate, user.id, nowIso, keepSessionId);
      return { userId: user.id, email: row.new_email, oldEmail: user.email, ended };
    });
  } catch (error) {
    // The unique index caught a concurrent sign-up with the new address.
    meta.log.warn({ err: error, event: 'account.email_change_failed' }, 'e-mail change refused');
    throw invalidLink();
  }
  if (!changed) throw invalidLink();
  meta.log.info(
    { event: 'account.email_changed', userId: changed.userId, otherSessionsEnded: changed.ended },
    'e-mail address changed; other sessions ended',
  );
  const notice = emailChangedNoticeMail(meta.appUrl, changed.oldEmail, changed.email);
  await enqueueMail(deps.database.db, deps, notice);
  wakeJobs(deps);
  return { userId: changed.userId, email: changed.email };
}

/**
 * Removes the user row; every row that references it goes too (ON DELETE CASCADE). Other modules' steps
 * (account-deletion.ts) run in the same transaction first, so what they queue commits with the deletion.
 */
/** Confirms the current password on this session, which then may do what needs re-authentication. */
export async function confirmPassword(deps: AppDeps, auth: RequestAuth, password: string): Promise<void> {
  await reauthenticate(deps, auth, password);
  await recordReauthentication(deps, auth);
}

export async function deleteAccount(deps: AppDeps, auth: RequestAuth, meta: RequestMeta): Promise<void> {
  await requireRecentReauthentication(deps, auth);
  await removeAccount(deps, auth.userId);
  meta.log.info({ event: 'account.deleted', userId: auth.userId }, 'account deleted');
}

/**
 * The account's time zone, already checked against the runtime's zones by the body's schema. A real
 * change runs the `timeZoneChanged` steps in the same transaction (calendar sync pushes the timed tasks'
 * events again, since their start instants moved).
 */
export async function changeTimeZone(deps: AppDeps, userId: string, timeZone: string): Promise<void> {
  const queued = await deps.database.db.transaction().execute(async (trx) => {
    const before = await profileTimeZone(trx, userId);
    await setProfileTimeZone(trx, userId, timeZone, deps.now().toISOString());
    if (before === timeZone) return false;
    let any = false;
    for (const step of deps.context.hooks.timeZoneChanged) any = (await step(trx, userId)) || any;
    return any;
  });
  if (queued) wakeJobs(deps);
}
