import { randomUUID } from 'node:crypto';
import { messages } from '../../../shared/messages.ts';
import type {
  CalendarIntegration,
  CalendarIntegrations,
  OAuthCallbackBody,
  OAuthProvider,
  OAuthStart,
  OAuthStartBody,
  UpdateIntegrationBody,
} from '../../../shared/schemas/calendar-sync.ts';
import { AppError, notFound } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { wakeJobs } from '../../jobs/queue.ts';
import { seal, unseal } from '../../security/sealed-box.ts';
import { hashToken } from '../../security/token-crypto.ts';
import {
  deleteIntegration,
  findIntegration,
  type IntegrationRow,
  insertIntegration,
  insertOAuthState,
  listIntegrations,
  purgeExpiredOAuthStates,
  takeOAuthState,
  updateIntegration,
} from './calendar-sync.repo.ts';
import { openCredentials, sealCredentials } from './credentials.ts';
import {
  authorizationStart,
  type CheckedCallback,
  checkCallback,
  exchangeCode,
  isConfigured,
} from './oauth.ts';
import { providerFactories } from './providers/index.ts';
import { revokeGrantJob } from './revoke.job.ts';

/** Connecting, listing, pausing and disconnecting calendars. */

const stateLifetimeMs = 10 * 60_000;
const notFoundError = () => notFound(messages.api.notFound);
const invalidState = () => new AppError('invalid_token', 400, messages.calendar.invalidOAuthState);

/** The API's view of a row: no credential, ever. */
export const toIntegration = (row: IntegrationRow): CalendarIntegration => ({
  id: row.id,
  provider: row.provider,
  calendarId: row.calendar_id,
  calendarName: row.calendar_name,
  accountLabel: row.account_label,
  isActive: Number(row.is_active) === 1,
  status: row.status,
  createdAt: row.created_at,
});

export async function getIntegrations(deps: AppDeps, userId: string): Promise<CalendarIntegrations> {
  const rows = await listIntegrations(deps.database.db, userId);
  return {
    integrations: rows.map(toIntegration),
    providers: {
      google: isConfigured(deps.config, 'google'),
      outlook: isConfigured(deps.config, 'outlook'),
      caldav: providerFactories.caldav !== undefined,
    },
  };
}

export async function startOAuth(deps: AppDeps, userId: string, body: OAuthStartBody): Promise<OAuthStart> {
  if (!isConfigured(deps.config, body.provider)) {
    throw new AppError('validation_failed', 400, messages.calendar.unsupportedProvider);
  }
  const start = await authorizationStart(deps.config, body.provider);
  const now = deps.now();
  const { db } = deps.database;
  await purgeExpiredOAuthStates(db, now.toISOString());
  await insertOAuthState(db, {
    id: randomUUID(),
    // Only the hash is stored: a copy of the database cannot finish someone's connection.
    state_hash: hashToken(start.state),
    user_id: userId,
    provider: body.provider,
    verifier_sealed: seal(deps.secretKey, start.verifier),
    time_zone: body.timeZone ?? 'UTC',
    expires_at: new Date(now.getTime() + stateLifetimeMs).toISOString(),
    created_at: now.toISOString(),
  });
  return { authorizationUrl: start.url };
}

/**
 * The callback screen's POST. The state is taken (deleted) first, so it is single use even when the
 * exchange then fails; unknown, used, expired or another user's state is `Invalid OAuth state`. So is an
 * answer that came back at another provider's callback path than the state was issued for, or that names
 * another issuer (`iss`): the code is then never sent to any token endpoint (the OAuth mix-up attack).
 */
export async function finishOAuth(
  deps: AppDeps,
  userId: string,
  body: OAuthCallbackBody,
): Promise<CalendarIntegration> {
  const now = deps.now();
  const state = await takeOAuthState(deps.database.db, hashToken(body.state));
  if (!state || state.user_id !== userId || Date.parse(state.expires_at) <= now.getTime()) {
    throw invalidState();
  }
  const provider: OAuthProvider = state.provider;
  if (!isConfigured(deps.config, provider)) {
    throw new AppError('validation_failed', 400, messages.calendar.unsupportedProvider);
  }
  const params = checkedCallback(deps, provider, body);
  let tokens: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    tokens = await exchangeCode(
      deps.config,
      provider,
      params,
      unseal(deps.secretKey, state.verifier_sealed),
      now,
    );
  } catch (error) {
    // The reason, never the code or a token (oauth4webapi errors carry the provider's error fields).
    const reason = error instanceof Error ? error.name : 'unknown';
    const oauthError = (error as { error?: unknown }).error;
    deps.logger.warn(
      {
        event: 'calendar.oauth_exchange_failed',
        provider,
        reason,
        oauthError: typeof oauthError === 'string' ? oauthError : undefined,
      },
      'calendar OAuth code exchange failed',
    );
    throw new AppError('provider_failed', 502, messages.calendar.saveIntegrationFailed);
  }
  const stamp = now.toISOString();
  const row: IntegrationRow = {
    id: randomUUID(),
    user_id: userId,
    provider,
    // Google's default calendar is `primary`; Graph's /me/events is the default calendar already.
    calendar_id: provider === 'google' ? 'primary' : null,
    calendar_name: null,
    account_label: null,
    is_active: 1,
    status: 'connected',
    credentials_sealed: sealCredentials(deps, {
      kind: 'oauth',
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
    }),
    credentials_version: 0,
    token_expires_at: tokens.expiresAt,
    time_zone: state.time_zone,
    created_at: stamp,
    updated_at: stamp,
  };
  await insertIntegration(deps.database.db, row);
  return toIntegration(row);
}

/** The answer, checked against the state's provider: the callback path it came to, then its `iss`. */
function checkedCallback(deps: AppDeps, provider: OAuthProvider, body: OAuthCallbackBody): CheckedCallback {
  const refuse = (reason: 'callback_path' | 'issuer') => {
    deps.logger.warn(
      { event: 'calendar.oauth_mixup_refused', provider, callbackProvider: body.provider, reason },
      'calendar OAuth answer refused: it does not match the provider its state was issued for',
    );
    return invalidState();
  };
  if (body.provider !== provider) throw refuse('callback_path');
  try {
    return checkCallback(deps.config, provider, body);
  } catch {
    throw refuse('issuer');
  }
}

/** Pauses or resumes syncing. A calendar that needs reconnecting cannot be resumed: connect it again. */
export async function setIntegrationActive(
  deps: AppDeps,
  userId: string,
  id: string,
  body: UpdateIntegrationBody,
): Promise<CalendarIntegration> {
  const { db } = deps.database;
  const existing = await findIntegration(db, userId, id);
  if (!existing) throw notFoundError();
  if (body.isActive && existing.status === 'reconnect') {
    throw new AppError('conflict', 409, messages.calendar.reconnect);
  }
  const row = await updateIntegration(db, userId, id, {
    is_active: body.isActive ? 1 : 0,
    updated_at: deps.now().toISOString(),
  });
  if (!row) throw notFoundError();
  return toIntegration(row);
}

/**
 * Forgets the calendar: the row and its credentials go, with every task's event mapping (cascade); the
 * events stay on the calendar. The grant is revoked at the provider by a job written in the same
 * transaction (Google has a revocation endpoint; Microsoft has none, so its tokens are only forgotten).
 */
export async function disconnectIntegration(deps: AppDeps, userId: string, id: string): Promise<void> {
  const queued = await deps.database.db.transaction().execute(async (trx) => {
    const row = await findIntegration(trx, userId, id);
    if (!row) throw notFoundError();
    const queued = await enqueueRevoke(deps, trx, row);
    await deleteIntegration(trx, userId, id);
    return queued;
  });
  if (queued) wakeJobs(deps);
}

/** A revocation job for an OAuth row, with the token sealed inside it (as mail jobs seal their links). */
export async function enqueueRevoke(deps: AppDeps, trx: Db, row: IntegrationRow): Promise<boolean> {
  if (row.provider === 'caldav') return false;
  const stored = openCredentials(deps, row);
  if (stored.kind !== 'oauth') return false;
  const token = stored.refreshToken ?? stored.accessToken;
  await revokeGrantJob.enqueue(trx, deps.now(), {
    provider: row.provider,
    sealedToken: seal(deps.secretKey, token),
  });
  return true;
}

/** Account deletion step: every OAuth grant of the account is revoked afterwards, best effort. */
export async function revokeAllOfUser(deps: AppDeps, trx: Db, userId: string): Promise<void> {
  for (const row of await listIntegrations(trx, userId)) await enqueueRevoke(deps, trx, row);
}
