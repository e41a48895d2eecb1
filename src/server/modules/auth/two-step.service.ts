import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../../shared/messages.ts';
import type { RecoveryCodes, TwoStepSetup, TwoStepStatus } from '../../../shared/schemas/two-step.ts';
import { AppError } from '../../app-error.ts';
import type { AppDeps, SessionIdentity } from '../../deps.ts';
import { seal, unseal } from '../../security/sealed-box.ts';
import { authRateLimits, rateLimiterFor } from './rate-limiter.ts';
import { requireRecentReauthentication } from './reauthentication.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { matchingStep, newTotpSecret, qrCodeDataUrl, totpUri } from './totp.ts';
import {
  countRecoveryCodesLeft,
  deleteTwoStep,
  findTwoStep,
  markTwoStepEnabled,
  replaceRecoveryCodes,
  startTwoStepSetup,
} from './two-step.repo.ts';

/**
 * Settings → Account's two-step sign-in (docs/accounts.md#two-step-sign-in). Starting the set-up,
 * regenerating recovery codes and turning it off ask for the password confirmed on this session within
 * the last minutes (reauthentication.ts): a stolen session must neither lock the owner out with a
 * secret of its own nor take the second step away.
 */

const alreadyOn = () => new AppError('conflict', 409, messages.twoStep.alreadyOn);
const notOn = () => new AppError('conflict', 409, messages.twoStep.notOn);

export async function twoStepStatus(deps: AppDeps, auth: SessionIdentity): Promise<TwoStepStatus> {
  const row = await findTwoStep(deps.database.db, auth.userId);
  const enabled = row?.enabled_at != null;
  return {
    enabled,
    recoveryCodesRemaining: enabled ? await countRecoveryCodesLeft(deps.database.db, auth.userId) : 0,
  };
}

/** A new secret, kept sealed and not yet in force until a code from the app proves it was read. */
export async function startSetup(deps: AppDeps, auth: SessionIdentity): Promise<TwoStepSetup> {
  await requireRecentReauthentication(deps, auth);
  const secret = newTotpSecret();
  await deps.database.db.transaction().execute(async (trx) => {
    const row = await findTwoStep(trx, auth.userId);
    if (row?.enabled_at != null) throw alreadyOn();
    await startTwoStepSetup(trx, auth.userId, seal(deps.secretKey, secret), deps.now().toISOString());
  });
  const otpauthUri = totpUri(secret, auth.email);
  return { secret, otpauthUri, qrCode: await qrCodeDataUrl(otpauthUri) };
}

/** A right code from the app turns two-step sign-in on and answers the ten recovery codes, once. */
export async function enable(
  deps: AppDeps,
  auth: SessionIdentity,
  code: string,
  log: FastifyBaseLogger,
): Promise<RecoveryCodes> {
  await rateLimiterFor(deps).hit(`two-step-enable:user:${auth.userId}`, authRateLimits.secondStepPerUser);
  const db = deps.database.db;
  const row = await findTwoStep(db, auth.userId);
  if (!row) throw new AppError('conflict', 409, messages.twoStep.setupExpired);
  if (row.enabled_at !== null) throw alreadyOn();
  const now = deps.now();
  const step = matchingStep(unseal(deps.secretKey, row.secret_sealed), code, now);
  if (step === null) {
    throw new AppError('invalid_code', 400, messages.twoStep.wrongCode, { code: messages.twoStep.wrongCode });
  }
  const recoveryCodes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    if (!(await markTwoStepEnabled(trx, auth.userId, step, now.toISOString()))) throw alreadyOn();
    await replaceRecoveryCodes(trx, auth.userId, recoveryCodes.map(hashRecoveryCode), now.toISOString());
  });
  log.info({ event: 'auth.two_step_enabled', userId: auth.userId }, 'two-step sign-in turned on');
  return { recoveryCodes };
}

/** Ten new recovery codes; the earlier ones stop working. */
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  auth: SessionIdentity,
  log: FastifyBaseLogger,
): Promise<RecoveryCodes> {
  await requireRecentReauthentication(deps, auth);
  const recoveryCodes = newRecoveryCodes();
  await deps.database.db.transaction().execute(async (trx) => {
    const row = await findTwoStep(trx, auth.userId);
    if (row?.enabled_at == null) throw notOn();
    await replaceRecoveryCodes(
      trx,
      auth.userId,
      recoveryCodes.map(hashRecoveryCode),
      deps.now().toISOString(),
    );
  });
  log.info({ event: 'auth.recovery_codes_regenerated', userId: auth.userId }, 'recovery codes regenerated');
  return { recoveryCodes };
}

/** Turning off removes the secret, the recovery codes and any pending second step. */
export async function turnOff(deps: AppDeps, auth: SessionIdentity, log: FastifyBaseLogger): Promise<void> {
  await requireRecentReauthentication(deps, auth);
  await deps.database.db.transaction().execute((trx) => deleteTwoStep(trx, auth.userId));
  log.info({ event: 'auth.two_step_disabled', userId: auth.userId }, 'two-step sign-in turned off');
}
