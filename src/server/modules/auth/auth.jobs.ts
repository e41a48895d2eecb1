import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { enqueueMail } from '../../jobs/mail.job.ts';
import { defineJob, type JobContext } from '../../jobs/queue.ts';
import { insertProfile, newTrialProfile } from '../entitlement/index.ts';
import { accountCreationSteps } from './account-creation.ts';
import { alreadyRegisteredMail, confirmationMail, emailChangeMail, passwordResetMail } from './auth-mails.ts';
import { signInLinkJob } from './signin-link.job.ts';
import { issueAuthToken } from './single-use-tokens.ts';
import { invalidateAuthTokens } from './tokens.repo.ts';
import { findUserByEmail, insertUser } from './users.repo.ts';

/**
 * The account work that runs after the answer (sign-up, resend, forgot password, e-mail change): the
 * endpoints answer 202 once the input is checked and this job is written, so the answer neither tells
 * who is registered nor waits for a mail server, and a crash after the answer loses nothing. Each job
 * looks the address up, writes, and enqueues its mail in one transaction; the mail job retries on its own.
 */

// appUrl: the base of the mailed links as the request had it (app-url.ts); absent in jobs queued before.
const emailPayload = z.object({ email: z.string(), appUrl: z.string().optional() });

export const signUpJob = defineJob({
  kind: 'auth.signup',
  // timeZone: checked by signUp (a known zone), absent in jobs queued before it was sent.
  payload: z.object({
    email: z.string(),
    passwordHash: z.string(),
    timeZone: z.string().optional(),
    appUrl: z.string().optional(),
  }),
  async run(deps, { email, passwordHash, timeZone, appUrl = deps.config.APP_URL }, context) {
    const db = deps.database.db;
    const existing = await findUserByEmail(db, email);
    if (existing) return notifyAlreadyRegistered(deps, appUrl, email, existing.id, context);
    const now = deps.now();
    const nowIso = now.toISOString();
    const userId = randomUUID();
    try {
      await db.transaction().execute(async (trx) => {
        await insertUser(trx, {
          id: userId,
          email,
          password_hash: passwordHash,
          email_confirmed_at: null,
          created_at: nowIso,
          updated_at: nowIso,
        });
        // The browser's zone at sign-up is the account's until changed in Settings.
        const profile = newTrialProfile(userId, now, deps.config.TRIAL_DAYS);
        await insertProfile(trx, { ...profile, time_zone: timeZone ?? null });
        const at = { now, timeZone: timeZone ?? 'UTC' };
        for (const step of accountCreationSteps(deps)) await step(trx, userId, at);
        const token = await issueAuthToken(trx, now, userId, 'email_confirmation');
        await enqueueMail(trx, deps, confirmationMail(appUrl, email, token));
      });
    } catch (error) {
      // Two sign-ups for one address at once: the unique index let one through; answer the other alike.
      const winner = await findUserByEmail(db, email);
      if (!winner) throw error;
      return notifyAlreadyRegistered(deps, appUrl, email, winner.id, context);
    }
    context.log.info({ event: 'auth.signup', userId }, 'account created; confirmation mail queued');
  },
});

async function notifyAlreadyRegistered(
  deps: AppDeps,
  appUrl: string,
  email: string,
  userId: string,
  context: JobContext,
) {
  context.log.info({ event: 'auth.signup_existing', userId }, 'sign-up for a registered address');
  await enqueueMail(deps.database.db, deps, alreadyRegisteredMail(appUrl, email));
}

/** A fresh confirmation link when the address has an unconfirmed account; nothing otherwise. */
export const resendConfirmationJob = defineJob({
  kind: 'auth.resend_confirmation',
  payload: emailPayload,
  async run(deps, { email, appUrl = deps.config.APP_URL }, { log }) {
    const user = await findUserByEmail(deps.database.db, email);
    if (!user || user.email_confirmed_at !== null) return;
    await deps.database.db.transaction().execute(async (trx) => {
      const token = await issueAuthToken(trx, deps.now(), user.id, 'email_confirmation');
      await enqueueMail(trx, deps, confirmationMail(appUrl, email, token));
    });
    log.info({ event: 'auth.confirmation_resent', userId: user.id }, 'confirmation mail queued');
  },
});

export const forgotPasswordJob = defineJob({
  kind: 'auth.forgot_password',
  payload: emailPayload,
  async run(deps, { email, appUrl = deps.config.APP_URL }, { log }) {
    const user = await findUserByEmail(deps.database.db, email);
    if (!user) return;
    await deps.database.db.transaction().execute(async (trx) => {
      const token = await issueAuthToken(trx, deps.now(), user.id, 'password_reset');
      await enqueueMail(trx, deps, passwordResetMail(appUrl, email, token));
    });
    log.info({ event: 'auth.reset_requested', userId: user.id }, 'password reset mail queued');
  },
});

/** A link to the new address, unless another account has it (the requester is not told). */
export const emailChangeJob = defineJob({
  kind: 'account.email_change',
  payload: z.object({ userId: z.string(), newEmail: z.string(), appUrl: z.string().optional() }),
  async run(deps, { userId, newEmail, appUrl = deps.config.APP_URL }, { log }) {
    const db = deps.database.db;
    if (await findUserByEmail(db, newEmail)) {
      log.info({ event: 'account.email_change_taken', userId }, 'new address already in use');
      return;
    }
    const now = deps.now();
    await db.transaction().execute(async (trx) => {
      // Only the latest request counts: an older link to some other address stops working.
      await invalidateAuthTokens(trx, userId, 'email_change', now.toISOString());
      const token = await issueAuthToken(trx, now, userId, 'email_change', newEmail);
      await enqueueMail(trx, deps, emailChangeMail(appUrl, newEmail, token));
    });
    log.info({ event: 'account.email_change_requested', userId }, 'e-mail change link queued');
  },
});

/** Every job kind of this module, registered with the app's worker. */
export const authJobs = [signUpJob, resendConfirmationJob, forgotPasswordJob, emailChangeJob, signInLinkJob];
