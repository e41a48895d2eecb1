import { messages } from '../../../shared/messages.ts';
import type { SecondStep } from '../../../shared/schemas/two-step.ts';
import { AppError } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { hashToken, newToken } from '../../security/token-crypto.ts';
import { mailIfNewDevice } from './devices.service.ts';
import { listPasskeysOfUser } from './passkeys.repo.ts';
import type { RequestMeta, SignedIn } from './request-meta.ts';
import { deleteExpiredSessionsOfUser } from './sessions.repo.ts';
import { createSession } from './sessions.service.ts';
import { consumeChallenge, findUsableChallenge, insertChallenge, isTwoStepEnabled } from './two-step.repo.ts';
import { findUserById } from './users.repo.ts';

/**
 * The second step of sign-in (docs/accounts.md#two-step-sign-in). Every way in that proves only a
 * password or a mailbox (password, mailed sign-in link, confirmation link) asks `secondStepFor` before
 * making a session: with two-step sign-in on it gets a pending token instead. Checking a factor (an
 * authenticator code, a recovery code; a passkey later) is separate from `completeSecondStep`, which
 * spends the token and makes the session, so another factor completes it the same way.
 */
export const secondStepLifetimeMs = 5 * 60_000;

/** The outcome of a first step: a session, or a second step still to complete. */
export type SignInOutcome =
  | (SignedIn & { secondStep?: undefined })
  | { secondStep: SecondStep; identity?: undefined; tokens?: undefined };

/** A pending second step when the account has two-step sign-in on; null when one step is enough. */
export async function secondStepFor(
  deps: AppDeps,
  userId: string,
  rememberMe: boolean,
): Promise<SecondStep | null> {
  const db = deps.database.db;
  if (!(await isTwoStepEnabled(db, userId))) return null;
  const now = deps.now();
  const pendingToken = newToken();
  const expiresAt = new Date(now.getTime() + secondStepLifetimeMs).toISOString();
  await insertChallenge(db, {
    token_hash: hashToken(pendingToken),
    user_id: userId,
    remember_me: rememberMe ? 1 : 0,
    expires_at: expiresAt,
    used_at: null,
    created_at: now.toISOString(),
  });
  // A passkey signs in by itself; offered here so that the person with one need not find the app.
  const hasPasskey = (await listPasskeysOfUser(db, userId)).length > 0;
  return {
    pendingToken,
    expiresAt,
    methods: ['totp', 'recovery_code', ...(hasPasskey ? ['passkey' as const] : [])],
  };
}

/**
 * The user a pending second step belongs to while it is usable (unused, unexpired); null otherwise.
 * A factor's check starts here: it checks its proof against this user, then calls completeSecondStep.
 */
export async function pendingSecondStepUser(deps: AppDeps, pendingToken: string): Promise<string | null> {
  const challenge = await findUsableChallenge(
    deps.database.db,
    hashToken(pendingToken),
    deps.now().toISOString(),
  );
  return challenge?.user_id ?? null;
}

export const secondStepExpired = () => new AppError('invalid_token', 400, messages.twoStep.challengeExpired);

/**
 * Spends the pending token, which must be this user's, unused and unexpired, and makes the session the
 * first step held back. Call it only once the factor was checked for `userId`.
 */
export async function completeSecondStep(
  deps: AppDeps,
  pendingToken: string,
  userId: string,
  meta: RequestMeta,
): Promise<SignedIn> {
  const db = deps.database.db;
  const nowIso = deps.now().toISOString();
  const tokenHash = hashToken(pendingToken);
  const challenge = await findUsableChallenge(db, tokenHash, nowIso);
  if (!challenge || challenge.user_id !== userId) throw secondStepExpired();
  if (!(await consumeChallenge(db, tokenHash, userId, nowIso))) throw secondStepExpired();
  const user = await findUserById(db, userId);
  if (!user) throw secondStepExpired();
  await deleteExpiredSessionsOfUser(db, user.id, nowIso);
  const tokens = await createSession(deps, user.id, {
    rememberMe: challenge.remember_me === 1,
    userAgent: meta.userAgent,
  });
  await mailIfNewDevice(deps, user, tokens.sessionId, meta);
  meta.log.info(
    { event: 'auth.signin', via: 'second_step', userId: user.id, sessionId: tokens.sessionId },
    'signed in after the second step',
  );
  return { identity: { userId: user.id, email: user.email, sessionId: tokens.sessionId }, tokens };
}
