import * as oauth from 'oauth4webapi';
import { oauthCallbackPaths } from '../../../shared/domain/oauth-callback.ts';
import type { OAuthProvider } from '../../../shared/schemas/calendar-sync.ts';
import type { Config } from '../../config.ts';
import { oauthEndpoints } from './providers/index.ts';

/**
 * The OAuth 2.0 client side of Google and Microsoft, through oauth4webapi (authorization code with PKCE
 * S256, refresh, revocation; it checks the token answers' shape and errors). Each provider has its own
 * redirect URI, `${APP_URL}/oauth/google/callback` and `${APP_URL}/oauth/microsoft/callback`, where the
 * client shows the callback screen and posts what came back with the path's provider.
 */

export const scopes: Record<OAuthProvider, string> = {
  google: 'https://www.googleapis.com/auth/calendar.events',
  outlook: 'offline_access Calendars.ReadWrite',
};

interface ProviderApp {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  options: { [oauth.allowInsecureRequests]?: boolean; signal?: AbortSignal };
}

/** Offered only when both the client id and secret are set (unset = provider hidden, docs/operations.md). */
export function isConfigured(config: Config, provider: OAuthProvider): boolean {
  return provider === 'google'
    ? Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
    : Boolean(config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET);
}

export const redirectUri = (config: Config, provider: OAuthProvider) =>
  `${config.APP_URL}${oauthCallbackPaths[provider]}`;

function providerApp(config: Config, provider: OAuthProvider): ProviderApp {
  const endpoints = oauthEndpoints(config, provider);
  const [clientId, secret] =
    provider === 'google'
      ? [config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET]
      : [config.MICROSOFT_CLIENT_ID, config.MICROSOFT_CLIENT_SECRET];
  const as: oauth.AuthorizationServer = {
    issuer: endpoints.issuer,
    authorization_endpoint: endpoints.authorization,
    token_endpoint: endpoints.token,
    ...(endpoints.revocation ? { revocation_endpoint: endpoints.revocation } : {}),
  };
  // http:// only for local stand-ins (tests point the *_BASE variables at loopback fakes).
  const insecure = [endpoints.authorization, endpoints.token].some((url) => url.startsWith('http://'));
  return {
    as,
    client: { client_id: clientId ?? '' },
    auth: oauth.ClientSecretPost(secret ?? ''),
    options: {
      ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
      signal: AbortSignal.timeout(15_000),
    },
  };
}

export interface AuthorizationStart {
  url: string;
  state: string;
  verifier: string;
}

export async function authorizationStart(
  config: Config,
  provider: OAuthProvider,
): Promise<AuthorizationStart> {
  const { as, client } = providerApp(config, provider);
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint as string);
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', redirectUri(config, provider));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scopes[provider]);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (provider === 'google') {
    // A refresh token, every time (Google gives one only at the first consent without prompt=consent).
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('prompt', 'consent');
  }
  return { url: url.toString(), state, verifier };
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** ISO time, or null when the provider did not say. */
  expiresAt: string | null;
}

const tokenSet = (result: oauth.TokenEndpointResponse, now: Date): TokenSet => ({
  accessToken: result.access_token,
  refreshToken: result.refresh_token ?? null,
  expiresAt:
    typeof result.expires_in === 'number'
      ? new Date(now.getTime() + result.expires_in * 1000).toISOString()
      : null,
});

export interface AuthorizationCallback {
  code: string;
  state: string;
  iss?: string | undefined;
}

/** The authorization response, checked: what `exchangeCode` takes. */
export type CheckedCallback = ReturnType<typeof oauth.validateAuthResponse>;

/**
 * Checks the authorization response's issuer (RFC 9207) before any code is sent anywhere: an `iss` that
 * is not this provider's issuer throws. A missing `iss` passes: neither provider advertises RFC 9207
 * (Google names itself to some accounts and not others, Microsoft's v2.0 endpoint never does), so the
 * per-provider redirect path and the provider bound to the state are what stop a mix-up there.
 */
export function checkCallback(
  config: Config,
  provider: OAuthProvider,
  callback: AuthorizationCallback,
): CheckedCallback {
  const { as, client } = providerApp(config, provider);
  const params = new URLSearchParams({ code: callback.code, state: callback.state });
  if (callback.iss !== undefined) params.set('iss', callback.iss);
  // The state was matched against our table already (by its hash): nothing more to compare here.
  return oauth.validateAuthResponse(as, client, params, oauth.skipStateCheck);
}

/** Exchanges the checked code at the provider's token endpoint. Throws on any refusal. */
export async function exchangeCode(
  config: Config,
  provider: OAuthProvider,
  params: CheckedCallback,
  verifier: string,
  now: Date,
): Promise<TokenSet> {
  const { as, client, auth, options } = providerApp(config, provider);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    auth,
    params,
    redirectUri(config, provider),
    verifier,
    options,
  );
  return tokenSet(await oauth.processAuthorizationCodeResponse(as, client, response), now);
}

/** A refused refresh: `invalidGrant` means the user revoked us (or the grant expired): reconnect. */
export class RefreshError extends Error {
  constructor(readonly invalidGrant: boolean) {
    super(invalidGrant ? 'invalid_grant' : 'refresh failed');
  }
}

export async function refreshTokens(
  config: Config,
  provider: OAuthProvider,
  refreshToken: string,
  now: Date,
): Promise<TokenSet> {
  const { as, client, auth, options } = providerApp(config, provider);
  try {
    const response = await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, options);
    return tokenSet(await oauth.processRefreshTokenResponse(as, client, response), now);
  } catch (error) {
    const invalidGrant = error instanceof oauth.ResponseBodyError && error.error === 'invalid_grant';
    throw new RefreshError(invalidGrant);
  }
}

/** Best effort: revokes the grant where the provider has an endpoint for it (Google). */
export async function revokeToken(config: Config, provider: OAuthProvider, token: string): Promise<void> {
  const { as, client, auth, options } = providerApp(config, provider);
  if (!as.revocation_endpoint) return;
  const response = await oauth.revocationRequest(as, client, auth, token, options);
  await oauth.processRevocationResponse(response);
}
