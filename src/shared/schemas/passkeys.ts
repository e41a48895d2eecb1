import { z } from 'zod';
import { messages } from '../messages.ts';

/**
 * Passkeys (docs/accounts.md): the WebAuthn options the server hands out and the browser's answers, in
 * the JSON shapes of @simplewebauthn/browser and /server, plus Settings → Account's list.
 */

/** base64url text; generous bounds (an RSA attestation can run to a few KB), never unbounded. */
const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

const publicKeyType = z.literal('public-key');
const transports = z.array(z.string().max(32)).max(10);
const userVerification = z.enum(['required', 'preferred', 'discouraged']);
const descriptor = z.object({ id: b64url(1400), type: publicKeyType, transports: transports.optional() });

export const registrationOptionsSchema = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: publicKeyType })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['required', 'preferred', 'discouraged']).optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type RegistrationOptions = z.infer<typeof registrationOptionsSchema>;

export const authenticationOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptor).optional(),
  userVerification: userVerification.optional(),
});
export type AuthenticationOptions = z.infer<typeof authenticationOptionsSchema>;

const credentialFields = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: publicKeyType,
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // Extensions are not used; whatever the browser reports is dropped.
  clientExtensionResults: z.object({}),
};

export const registrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16_384),
    authenticatorData: b64url(4096).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: b64url(4096).optional(),
  }),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

export const authenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(2048),
    userHandle: b64url(256).optional(),
  }),
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

export const passkeyNameMaxLength = 100;

const passkeyNameField = z
  .string({ error: messages.passkeys.nameRequired })
  .trim()
  .min(1, { error: messages.passkeys.nameRequired })
  .max(passkeyNameMaxLength, { error: messages.passkeys.nameTooLong });

export const addPasskeyBodySchema = z.object({
  name: passkeyNameField,
  response: registrationResponseSchema,
});
export type AddPasskeyBody = z.infer<typeof addPasskeyBodySchema>;
export type AddPasskeyFormValues = z.input<typeof addPasskeyBodySchema>;

export const passkeySignInBodySchema = z.object({
  response: authenticationResponseSchema,
  rememberMe: z.boolean().default(false),
});
export type PasskeySignInBody = z.infer<typeof passkeySignInBodySchema>;

export const passkeyReauthBodySchema = z.object({ response: authenticationResponseSchema });
export type PasskeyReauthBody = z.infer<typeof passkeyReauthBodySchema>;

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeysResponseSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeysResponse = z.infer<typeof passkeysResponseSchema>;

export const passkeyParamsSchema = z.object({ id: z.uuid() });
