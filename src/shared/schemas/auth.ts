import { z } from 'zod';
import {
  emailMaxLength,
  emailProblem,
  firstPasswordProblem,
  passwordMaxLength,
} from '../domain/password-rules.ts';
import { messages } from '../messages.ts';
import { timeZoneField } from './calendar-sync.ts';

/**
 * Accounts and sessions: request and response shapes of /api/auth/* and /api/account/*. Session
 * tokens never appear in any response body; they travel only in httpOnly cookies. (Two-step sign-in's
 * pending token, which alone opens nothing, is the one token a body carries: two-step.ts.)
 */

const v = messages.validation;

/** An e-mail field checked by the spec's rule (required, then x@y.z with no spaces). */
const emailField = z
  .string({ error: v.emailRequired })
  .max(emailMaxLength + 64, { error: v.emailInvalid })
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ format: 'email' });

/** A new password: every rule of the spec, reported as the first failing message only. */
const newPasswordField = z.string({ error: v.passwordRequired }).superRefine((value, ctx) => {
  const problem = firstPasswordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** An existing password (sign-in, re-authentication): only required; never judged by today's rules. */
const currentPasswordField = z
  .string({ error: v.passwordRequired })
  .min(1, { error: v.passwordRequired })
  .max(passwordMaxLength, { error: messages.auth.passwordTooLong });

const confirmField = z.string({ error: v.confirmRequired }).min(1, { error: v.confirmRequired });

/** Adds `Passwords do not match` on confirmPassword when both are present and differ. */
const passwordsMatch = (value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) => {
  if (value.confirmPassword.length > 0 && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: v.passwordsDoNotMatch });
  }
};

// Single-use tokens are 32 random bytes in base64url (43 characters); allow some slack, refuse junk.
const tokenField = z.string({ error: messages.auth.invalidLink }).min(1).max(200);

// ---- Responses ----

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const accountStatusSchema = z.enum(['trial', 'active', 'expired']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

export const profileSchema = z.object({
  isTrial: z.boolean(),
  accountStatus: accountStatusSchema,
  trialEndDate: z.string(),
  /** Whole days until trialEndDate, rounded up, never below 0 (docs/PRODUCT.md §4). */
  daysRemaining: z.number().int().min(0),
  /** Expired and no active subscription: writes answer 403 read_only. */
  readOnly: z.boolean(),
  /**
   * The account's IANA time zone (due times are wall-clock times there); null until known. Optional so
   * a client still reads a session answered by the previous version during a rolling restart.
   */
  timeZone: z.string().nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  profile: profileSchema.nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

// ---- Requests ----

export const signUpBodySchema = z
  .object({
    email: emailField,
    password: newPasswordField,
    confirmPassword: confirmField,
    /**
     * The browser's IANA time zone: the starter tasks' due dates ("today", "tomorrow") are days there.
     * A zone the server does not know falls back to UTC instead of refusing the sign-up: the person
     * cannot change what their browser reports.
     */
    timeZone: z.string().max(64).optional(),
  })
  .superRefine(passwordsMatch);
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z.object({
  email: z
    .string({ error: v.emailRequired })
    .trim()
    .min(1, { error: v.emailRequired })
    .max(emailMaxLength + 64, { error: v.emailInvalid }),
  password: currentPasswordField,
  rememberMe: z.boolean().default(false),
});
export type SignInBody = z.infer<typeof signInBodySchema>;
export type SignInFormValues = z.input<typeof signInBodySchema>;

export const emailBodySchema = z.object({ email: emailField });
export type EmailBody = z.infer<typeof emailBodySchema>;

export const tokenBodySchema = z.object({ token: tokenField });
export type TokenBody = z.infer<typeof tokenBodySchema>;

export const resetPasswordBodySchema = z
  .object({ token: tokenField, password: newPasswordField, confirmPassword: confirmField })
  .superRefine(passwordsMatch);
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const changePasswordBodySchema = z
  .object({
    currentPassword: currentPasswordField,
    password: newPasswordField,
    confirmPassword: confirmField,
  })
  .superRefine(passwordsMatch);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changeEmailBodySchema = z.object({ currentPassword: currentPasswordField, email: emailField });
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** PUT /api/account/time-zone: the zone tasks' due times and "today" are read in. */
export const timeZoneBodySchema = z.object({ timeZone: timeZoneField });
export type TimeZoneBody = z.infer<typeof timeZoneBodySchema>;

export const deleteAccountBodySchema = z.object({
  confirmation: z.literal('DELETE', { error: v.typeDelete }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** Re-authentication: the current password, confirmed again on this session. */
export const reauthBodySchema = z.object({ password: currentPasswordField });
export type ReauthBody = z.infer<typeof reauthBodySchema>;
