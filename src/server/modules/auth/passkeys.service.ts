import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { messages } from '../../../shared/messages.ts';
import type {
  AddPasskeyBody,
  AuthenticationOptions,
  AuthenticationResponse,
  PasskeySignInBody,
  PasskeysResponse,
  RegistrationOptions,
} from '../../../shared/schemas/passkeys.ts';
import { AppError, notFound } from '../../app-error.ts';
import type { WebauthnChallengePurpose } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { RequestMeta, SignedIn } from './auth.service.ts';
import { mailIfNewDevice } from './devices.service.ts';
import {
  deletePasskeyOfUser,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  listPasskeysOfUser,
  type PasskeyRow,
  recordPasskeyUse,
  spendChallenge,
} from './passkeys.repo.ts';
import { authRateLimits, rateLimiterFor } from './rate-limiter.ts';
import { recordReauthentication, requireRecentReauthentication } from './reauthentication.ts';
import type { RequestAuth } from './session-hook.ts';
import { deleteExpiredSessionsOfUser } from './sessions.repo.ts';
import { createSession } from './sessions.service.ts';
import { findUserById } from './users.repo.ts';

/**
 * Passkeys (docs/accounts.md). The relying party is the address the person uses: APP_URL, or the
 * loopback address in use when APP_URL is unset (meta.appUrl, app-url.ts); its host name is the RP ID
 * and its origin the only origin accepted. Every challenge is stored and spent by its first answer.
 */

/** Long enough to find the security key or unlock the phone, short enough not to pile up. */
export const challengeLifetimeMs = 5 * 60_000;
const rpName = 'Jotlist';

const relyingParty = (appUrl: string) => {
  const url = new URL(appUrl);
  return { rpID: url.hostname, origin: url.origin };
};

/** One refusal for every failed verification: which check failed is logged, not told. */
const refused = () => new AppError('passkey_refused', 400, messages.passkeys.refused);

const transportsOf = (row: PasskeyRow): string[] => {
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
};

async function storeChallenge(
  deps: AppDeps,
  challenge: string,
  purpose: WebauthnChallengePurpose,
  userId: string | null,
): Promise<void> {
  const expiresAt = new Date(deps.now().getTime() + challengeLifetimeMs).toISOString();
  await insertChallenge(deps.database.db, { challenge, purpose, user_id: userId, expires_at: expiresAt });
}

/** The spender handed to the verifiers: the answer's challenge must be ours, unspent and fresh. */
const spender =
  (deps: AppDeps, purpose: WebauthnChallengePurpose, userId: string | null) => (challenge: string) =>
    spendChallenge(deps.database.db, challenge, purpose, userId, deps.now().toISOString());

export async function listPasskeys(deps: AppDeps, auth: RequestAuth): Promise<PasskeysResponse> {
  const rows = await listPasskeysOfUser(deps.database.db, auth.userId);
  return {
    passkeys: rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    })),
  };
}

/**
 * Options for adding a passkey: discoverable (so sign-in needs no e-mail), user verification preferred,
 * and the account's own passkeys excluded, so one authenticator is not registered twice.
 */
export async function passkeyRegistrationOptions(
  deps: AppDeps,
  auth: RequestAuth,
  meta: RequestMeta,
): Promise<RegistrationOptions> {
  await rateLimiterFor(deps).hit(`passkey:options:${auth.userId}`, authRateLimits.passkeyOptionsPerUser);
  const db = deps.database.db;
  const user = await findUserById(db, auth.userId);
  if (!user) throw notFound();
  const existing = await listPasskeysOfUser(db, auth.userId);
  const options = await generateRegistrationOptions({
    rpName,
    rpID: relyingParty(meta.appUrl).rpID,
    userName: user.email,
    userDisplayName: user.email,
    // The user handle the authenticator keeps: the account's id, never the e-mail.
    userID: new TextEncoder().encode(user.id),
    timeout: challengeLifetimeMs,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    // EdDSA, ES256, RS256: what authenticators ship; not the library's experimental post-quantum one.
    supportedAlgorithmIDs: [-8, -7, -257],
  });
  await storeChallenge(deps, options.challenge, 'register', auth.userId);
  return registrationOptionsFrom(options);
}

/** The library's options, narrowed to the shared schema's shape (the answer is serialized through it). */
function registrationOptionsFrom(
  options: Awaited<ReturnType<typeof generateRegistrationOptions>>,
): RegistrationOptions {
  return {
    rp: options.rp,
    user: options.user,
    challenge: options.challenge,
    pubKeyCredParams: options.pubKeyCredParams.map((p) => ({ alg: p.alg, type: 'public-key' as const })),
    timeout: options.timeout,
    excludeCredentials: options.excludeCredentials?.map((c) => ({
      id: c.id,
      type: 'public-key' as const,
      transports: c.transports,
    })),
    authenticatorSelection: options.authenticatorSelection,
    attestation: options.attestation === 'none' ? 'none' : undefined,
    extensions: { credProps: options.extensions?.credProps },
  };
}

/** Verifies the new credential against this account's challenge and stores it. */
export async function addPasskey(
  deps: AppDeps,
  auth: RequestAuth,
  body: AddPasskeyBody,
  meta: RequestMeta,
): Promise<void> {
  const { rpID, origin } = relyingParty(meta.appUrl);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: body.response,
      expectedChallenge: spender(deps, 'register', auth.userId),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    meta.log.info({ event: 'passkey.register_refused', userId: auth.userId, err: error }, 'passkey refused');
    throw refused();
  }
  if (!verification.verified) throw refused();
  const { credential } = verification.registrationInfo;
  const db = deps.database.db;
  if (await findPasskeyByCredentialId(db, credential.id)) {
    throw new AppError('conflict', 409, messages.passkeys.alreadyRegistered);
  }
  const id = randomUUID();
  await insertPasskey(db, {
    id,
    user_id: auth.userId,
    credential_id: credential.id,
    public_key: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify((credential.transports ?? []).slice(0, 10)),
    name: body.name,
    created_at: deps.now().toISOString(),
    last_used_at: null,
  });
  meta.log.info({ event: 'passkey.added', userId: auth.userId, passkeyId: id }, 'passkey added');
}

/** Removing a passkey cannot be undone: it asks for a recent re-authentication first. */
export async function removePasskey(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  await requireRecentReauthentication(deps, auth);
  if (!(await deletePasskeyOfUser(deps.database.db, auth.userId, id))) throw notFound();
  meta.log.info({ event: 'passkey.removed', userId: auth.userId, passkeyId: id }, 'passkey removed');
}

/**
 * Options for signing in: no account is known yet, so no credentials are listed and the authenticator
 * offers its discoverable ones (the button, or the browser's autofill under conditional UI).
 */
export async function passkeySignInOptions(deps: AppDeps, meta: RequestMeta): Promise<AuthenticationOptions> {
  await rateLimiterFor(deps).hit(`passkey:signin-options:${meta.ip}`, authRateLimits.passkeyOptionsPerIp);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(meta.appUrl).rpID,
    allowCredentials: [],
    userVerification: 'preferred',
    timeout: challengeLifetimeMs,
  });
  await storeChallenge(deps, options.challenge, 'signin', null);
  return authenticationOptionsFrom(options);
}

function authenticationOptionsFrom(
  options: Awaited<ReturnType<typeof generateAuthenticationOptions>>,
): AuthenticationOptions {
  return {
    challenge: options.challenge,
    timeout: options.timeout,
    rpId: options.rpId,
    allowCredentials: options.allowCredentials?.map((c) => ({
      id: c.id,
      type: 'public-key' as const,
      transports: c.transports,
    })),
    userVerification: options.userVerification,
  };
}

/**
 * Verifies an assertion against a stored challenge and the credential's public key, then moves its
 * counter. Anything wrong (unknown credential, wrong origin or RP ID, spent challenge, bad signature,
 * counter not moving forward) is the same refusal.
 */
async function verifyAssertion(
  deps: AppDeps,
  passkey: PasskeyRow,
  response: AuthenticationResponse,
  purpose: WebauthnChallengePurpose,
  userId: string | null,
  meta: RequestMeta,
): Promise<void> {
  const { rpID, origin } = relyingParty(meta.appUrl);
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: spender(deps, purpose, userId),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
      requireUserVerification: false,
    });
    if (!verification.verified) throw new Error('not verified');
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    meta.log.info(
      { event: 'passkey.assertion_refused', purpose, passkeyId: passkey.id, err: error },
      'passkey refused',
    );
    throw refused();
  }
  const at = deps.now().toISOString();
  if (!(await recordPasskeyUse(deps.database.db, passkey.id, passkey.counter, newCounter, at))) {
    throw refused();
  }
}

/**
 * Signs in with a passkey: complete by itself (something held, unlocked by the person), so it creates
 * the session exactly as the password does: same session, same devices list, same new-device mail.
 * Failures count under the per-address sign-in limit as wrong passwords do.
 */
export async function signInWithPasskey(
  deps: AppDeps,
  body: PasskeySignInBody,
  meta: RequestMeta,
): Promise<SignedIn> {
  const limiter = rateLimiterFor(deps);
  const reservation = await limiter.reserve(`signin:ip:${meta.ip}`, authRateLimits.signInPerIp);
  const db = deps.database.db;
  const passkey = await findPasskeyByCredentialId(db, body.response.id);
  if (!passkey) {
    meta.log.info({ event: 'auth.signin_failed', reason: 'unknown_passkey', ip: meta.ip }, 'sign-in failed');
    throw refused();
  }
  await verifyAssertion(deps, passkey, body.response, 'signin', null, meta);
  await limiter.refund(reservation);
  const user = await findUserById(db, passkey.user_id);
  if (!user) throw refused();
  await deleteExpiredSessionsOfUser(db, user.id, deps.now().toISOString());
  const tokens = await createSession(deps, user.id, {
    rememberMe: body.rememberMe,
    userAgent: meta.userAgent,
  });
  await mailIfNewDevice(deps, user, tokens.sessionId, meta);
  meta.log.info(
    { event: 'auth.signin', method: 'passkey', userId: user.id, sessionId: tokens.sessionId },
    'signed in',
  );
  return { identity: { userId: user.id, email: user.email, sessionId: tokens.sessionId }, tokens };
}

/** Options for confirming it's you with one of this account's own passkeys. */
export async function passkeyReauthOptions(
  deps: AppDeps,
  auth: RequestAuth,
  meta: RequestMeta,
): Promise<AuthenticationOptions> {
  await rateLimiterFor(deps).hit(`passkey:options:${auth.userId}`, authRateLimits.passkeyOptionsPerUser);
  const rows = await listPasskeysOfUser(deps.database.db, auth.userId);
  if (rows.length === 0) throw notFound();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(meta.appUrl).rpID,
    allowCredentials: rows.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    userVerification: 'preferred',
    timeout: challengeLifetimeMs,
  });
  await storeChallenge(deps, options.challenge, 'reauth', auth.userId);
  return authenticationOptionsFrom(options);
}

/**
 * Re-authentication with a passkey: only one of this account's own counts (another account's, even a
 * valid one, is refused), against a challenge handed to this account; then it counts as the password.
 */
export async function reauthenticateWithPasskey(
  deps: AppDeps,
  auth: RequestAuth,
  response: AuthenticationResponse,
  meta: RequestMeta,
): Promise<void> {
  await rateLimiterFor(deps).hit(`reauth:${auth.userId}`, authRateLimits.reauthPerUser);
  const passkey = await findPasskeyByCredentialId(deps.database.db, response.id);
  if (!passkey || passkey.user_id !== auth.userId) throw refused();
  await verifyAssertion(deps, passkey, response, 'reauth', auth.userId, meta);
  await recordReauthentication(deps, auth);
}
