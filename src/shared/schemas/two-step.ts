import { z } from 'zod';
import { messages } from '../messages.ts';
import { sessionResponseSchema } from './auth.ts';

/**
 * Two-step sign-in (docs/accounts.md#two-step-sign-in): the settings of Settings → Account and the
 * sign-in's second step. The pending token is the one token a body carries: alone it opens nothing (it
 * needs a code of the account's own), lives 5 minutes and works once.
 */

const t = messages.twoStep;

/**
 * The ways a second step can be completed: a code (POST /api/auth/second-step), or, offered when the
 * account has one, a passkey, whose sign-in is complete by itself (docs/accounts.md#passkeys).
 */
export const secondStepMethodSchema = z.enum(['totp', 'recovery_code', 'passkey']);
export type SecondStepMethod = z.infer<typeof secondStepMethodSchema>;

export const secondStepSchema = z.object({
  pendingToken: z.string(),
  expiresAt: z.string(),
  methods: z.array(secondStepMethodSchema),
});
export type SecondStep = z.infer<typeof secondStepSchema>;

/**
 * What sign-in (password, mailed link, confirmation link) answers: a session (user set), or, with
 * two-step sign-in on, no session yet and `secondStep` to complete.
 */
export const signInResponseSchema = sessionResponseSchema.extend({ secondStep: secondStepSchema.optional() });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** An authenticator code: 6 digits; spaces people type between the groups are dropped. */
export const totpCodeField = z
  .string({ error: t.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: t.codeRequired })
      .regex(/^\d{6}$/, { error: t.codeFormat }),
  );

const recoveryCodeField = z
  .string({ error: t.recoveryCodeRequired })
  .trim()
  .min(1, { error: t.recoveryCodeRequired })
  .max(64, { error: t.wrongRecoveryCode });

const pendingTokenField = z.string({ error: t.challengeExpired }).min(1).max(200);

export const secondStepBodySchema = z.discriminatedUnion('method', [
  z.object({ pendingToken: pendingTokenField, method: z.literal('totp'), code: totpCodeField }),
  z.object({ pendingToken: pendingTokenField, method: z.literal('recovery_code'), code: recoveryCodeField }),
]);
export type SecondStepBody = z.infer<typeof secondStepBodySchema>;
export type SecondStepInput = z.input<typeof secondStepBodySchema>;

/** A completed second step: the session, and after a recovery code how many remain. */
export const secondStepResponseSchema = sessionResponseSchema.extend({
  recoveryCodesRemaining: z.number().int().min(0).optional(),
});
export type SecondStepResponse = z.infer<typeof secondStepResponseSchema>;

// ---- Settings → Account ----

export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesRemaining: z.number().int().min(0),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

/** The secret being set up: as a QR code (an SVG data URL), as text for typing in, and as the app's URI. */
export const twoStepSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCode: z.string(),
});
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

export const enableTwoStepBodySchema = z.object({ code: totpCodeField });
export type EnableTwoStepBody = z.infer<typeof enableTwoStepBodySchema>;

/** Ten single-use recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
