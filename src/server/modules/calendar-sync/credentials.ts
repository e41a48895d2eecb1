import { messages } from '../../../shared/messages.ts';
import type { AppDeps } from '../../deps.ts';
import { seal, unseal } from '../../security/sealed-box.ts';
import {
  claimRefreshLease,
  findIntegrationById,
  type IntegrationRow,
  releaseRefreshLease,
  swapCredentials,
} from './calendar-sync.repo.ts';
import { RefreshError, refreshTokens } from './oauth.ts';
import { type ProviderCredentials, ProviderError } from './providers/provider.ts';

/**
 * What `credentials_sealed` holds, by kind. Opened only in memory for one call, never returned, exported
 * or logged. OAuth rows keep the refresh token; CalDAV rows the server URL, user name and app password.
 */
export type StoredCredentials =
  | { kind: 'oauth'; accessToken: string; refreshToken: string | null }
  | { kind: 'caldav'; serverUrl: string; username: string; password: string };

export const sealCredentials = (deps: AppDeps, credentials: StoredCredentials) =>
  seal(deps.secretKey, JSON.stringify(credentials));

export const openCredentials = (deps: AppDeps, row: Pick<IntegrationRow, 'credentials_sealed'>) =>
  JSON.parse(unseal(deps.secretKey, row.credentials_sealed)) as StoredCredentials;

/** Refresh this long before the provider's expiry, so a call never starts with a token about to die. */
const refreshMarginMs = 60_000;

function expired(deps: AppDeps, row: IntegrationRow): boolean {
  if (!row.token_expires_at) return false;
  return Date.parse(row.token_expires_at) - refreshMarginMs <= deps.now().getTime();
}

const toProvider = (stored: StoredCredentials): ProviderCredentials =>
  stored.kind === 'oauth' ? { kind: 'oauth', accessToken: stored.accessToken } : stored;

export const reconnectError = () => new ProviderError('auth', messages.calendar.reconnect);

/**
 * Credentials for one provider call. An OAuth token that expired (or, with `force`, one the provider
 * just refused) is refreshed by one request at a time: the refresher holds a lease row
 * (`calendar_refresh_leases`, shared by every instance), the others wait until `credentials_version`
 * moves and use the token it stored. Without that, two refreshes could race and one persist a token the
 * other had already invalidated (prior-art), or, where the provider rotates refresh tokens, mistake the
 * rotation for a revoked grant. The new tokens are stored by compare-and-set on the version all the same.
 * A grant the provider calls `invalid_grant` marks the integration `reconnect` and inactive.
 */
export async function credentialsFor(
  deps: AppDeps,
  row: IntegrationRow,
  force = false,
): Promise<{ credentials: ProviderCredentials; row: IntegrationRow }> {
  const stored = openCredentials(deps, row);
  if (stored.kind !== 'oauth' || row.provider === 'caldav') return { credentials: toProvider(stored), row };
  if (!force && !expired(deps, row)) return { credentials: toProvider(stored), row };

  const { db } = deps.database;
  const waitUntil = Date.now() + leaseMs;
  for (;;) {
    const now = deps.now();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    if (await claimRefreshLease(db, row.id, now.toISOString(), until)) {
      try {
        const current = await findIntegrationById(db, row.id);
        if (!current) throw new ProviderError('not_found', messages.calendar.syncFailed);
        // Refreshed by someone else between our read and our lease: theirs is good.
        if (current.credentials_version !== row.credentials_version) return fromRow(deps, current);
        return await refresh(deps, current);
      } finally {
        await releaseRefreshLease(db, row.id);
      }
    }
    const latest = await findIntegrationById(db, row.id);
    if (!latest) throw new ProviderError('not_found', messages.calendar.syncFailed);
    if (latest.credentials_version !== row.credentials_version) return fromRow(deps, latest);
    if (latest.status === 'reconnect') throw reconnectError();
    if (Date.now() > waitUntil) throw new ProviderError('transient', messages.calendar.syncFailed);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How long a refresh may hold its lease (a crashed holder's lease runs out) and others wait for it. */
const leaseMs = 30_000;

const fromRow = (deps: AppDeps, row: IntegrationRow) => ({
  credentials: toProvider(openCredentials(deps, row)),
  row,
});

/** Under the lease: one refresh grant, its tokens stored by compare-and-set on the version. */
async function refresh(deps: AppDeps, row: IntegrationRow) {
  const stored = openCredentials(deps, row);
  if (stored.kind !== 'oauth' || row.provider === 'caldav' || !stored.refreshToken) throw reconnectError();
  const { db } = deps.database;
  const now = deps.now();
  let tokens: Awaited<ReturnType<typeof refreshTokens>>;
  try {
    tokens = await refreshTokens(deps.config, row.provider, stored.refreshToken, now);
  } catch (error) {
    if (error instanceof RefreshError && error.invalidGrant) {
      await markReconnect(deps, row);
      throw reconnectError();
    }
    throw new ProviderError('transient', messages.calendar.syncFailed);
  }
  const next: StoredCredentials = {
    kind: 'oauth',
    accessToken: tokens.accessToken,
    // Google answers a refresh without a refresh token: the one we hold stays good.
    refreshToken: tokens.refreshToken ?? stored.refreshToken,
  };
  const swapped = await swapCredentials(db, row.id, row.credentials_version, {
    credentials_sealed: sealCredentials(deps, next),
    token_expires_at: tokens.expiresAt,
    updated_at: now.toISOString(),
  });
  const latest = await findIntegrationById(db, row.id);
  if (!latest) throw new ProviderError('not_found', messages.calendar.syncFailed);
  // Credentials replaced meanwhile (a reconnect): ours work for this call but are not kept.
  return { credentials: swapped ? toProvider(next) : toProvider(openCredentials(deps, latest)), row: latest };
}

/** The provider refused the grant: inactive until connected again; the tasks show the message. */
export async function markReconnect(deps: AppDeps, row: IntegrationRow): Promise<void> {
  await deps.database.db
    .updateTable('calendar_integrations')
    .set({ status: 'reconnect', is_active: 0, updated_at: deps.now().toISOString() })
    .where('id', '=', row.id)
    .where('credentials_version', '=', row.credentials_version)
    .execute();
}
