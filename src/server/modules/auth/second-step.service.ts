import { messages } from '../../../shared/messages.ts';
import type { SecondStepBody } from '../../../shared/schemas/two-step.ts';
import { AppError } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { unseal } from '../../security/sealed-box.ts';
import { hashToken } from '../../security/token-crypto.ts';
import { authRateLimits, type Reservation, rateLimited, rateLimiterFor } from './rate-limiter.ts';
import { hashRecoveryCode } from './recovery-codes.ts';
import type { RequestMeta, SignedIn } from './request-meta.ts';
import { completeSecondStep, pendingSecondStepUser, secondStepExpired } from './second-step.ts';
import { matchingStep } from './totp.ts';
import { countRecoveryCodesLeft, findTwoStep, spendRecoveryCode, spendTotpStep } from './two-step.repo.ts';

/**
 * Completes a pending second step with an authenticator code or a recovery code. Wrong codes are
 * limited per pending token and per account (failures only: a right code gives its place back); a code
 * works once, and an authenticator code of a step already spent is refused (replay).
 */
export async function completeWithCode(
  deps: AppDeps,
  body: SecondStepBody,
  meta: RequestMeta,
): Promise<SignedIn & { recoveryCodesRemaining?: number }> {
  const db = deps.database.db;
  const now = deps.now();
  const userId = await pendingSecondStepUser(deps, body.pendingToken);
  if (!userId) throw secondStepExpired();
  const release = await reserveCodeAttempt(deps, hashToken(body.pendingToken), userId);
  const right =
    body.method === 'totp'
      ? await spendTotpCode(deps, userId, body.code, now)
      : await spendRecoveryCode(db, userId, hashRecoveryCode(body.code), now.toISOString());
  if (!right) {
    meta.log.info(
      { event: 'auth.second_step_failed', method: body.method, userId },
      'wrong second-step code',
    );
    const message = body.method === 'totp' ? messages.twoStep.wrongCode : messages.twoStep.wrongRecoveryCode;
    throw new AppError('invalid_code', 401, message, { code: message });
  }
  await release();
  const signedIn = await completeSecondStep(deps, body.pendingToken, userId, meta);
  if (body.method === 'totp') return signedIn;
  const recoveryCodesRemaining = await countRecoveryCodesLeft(db, userId);
  meta.log.info(
    { event: 'auth.recovery_code_used', userId, recoveryCodesRemaining },
    'signed in with a recovery code',
  );
  return { ...signedIn, recoveryCodesRemaining };
}

/** Reserves one attempt per pending token and per account (429 with its own message); returns the refund. */
async function reserveCodeAttempt(deps: AppDeps, tokenHash: string, userId: string) {
  const limiter = rateLimiterFor(deps);
  const reserved: Reservation[] = [];
  const release = async () => {
    for (const reservation of reserved.splice(0)) await limiter.refund(reservation);
  };
  const limits = [
    { key: `second-step:token:${tokenHash}`, rule: authRateLimits.secondStepPerChallenge },
    { key: `second-step:user:${userId}`, rule: authRateLimits.secondStepPerUser },
  ];
  try {
    for (const { key, rule } of limits) reserved.push(await limiter.reserve(key, rule));
  } catch (error) {
    await release();
    if (error instanceof AppError && error.code === 'rate_limited') {
      const retryAfter = Number(error.headers?.['retry-after'] ?? 1) * 1000;
      throw rateLimited(retryAfter, messages.twoStep.tooManyCodes);
    }
    throw error;
  }
  return release;
}

/** Whether the code is right now (±1 step) for the account's secret, spending its step if so. */
async function spendTotpCode(deps: AppDeps, userId: string, code: string, now: Date): Promise<boolean> {
  const row = await findTwoStep(deps.database.db, userId);
  if (!row || row.enabled_at === null) return false;
  const step = matchingStep(unseal(deps.secretKey, row.secret_sealed), code, now);
  return step !== null && (await spendTotpStep(deps.database.db, userId, step));
}
