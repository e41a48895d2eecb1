import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The OAuth 2.0 authorization server half of the fake Google and Microsoft (fake-google.ts,
 * fake-microsoft.ts): a consent page that is a real HTML form (`Allow` / `Deny`), authorization codes
 * bound to the client, redirect URI and PKCE S256 challenge, a token endpoint that checks the client
 * secret and the code verifier, refresh-token grants, revocation and access-token expiry. Everything a
 * real identity provider would refuse, this refuses with the same `invalid_grant` / `invalid_client`.
 */

export interface FakeOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** Microsoft rotates refresh tokens on every refresh; Google keeps the one it gave. */
  rotateRefreshTokens: boolean;
  /** Lifetime of an access token; tests shorten it to see a refresh. */
  accessTokenTtlSeconds: number;
  /**
   * The issuer named in each authorization response as `iss` (RFC 9207), as Google does; absent (as at
   * Microsoft's v2.0 endpoint), the redirect carries no `iss`. A function: the fake's URL is known only
   * once it listens.
   */
  issuer?: () => string;
}

export interface TokenRequestRecord {
  grantType: string;
  status: number;
}

interface Grant {
  revoked: boolean;
  scope: string;
}

interface PendingCode {
  redirectUri: string;
  challenge: string;
  scope: string;
  expiresAt: number;
}

const randomToken = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(body === undefined ? '' : JSON.stringify(body));
}

export function sendHtml(response: ServerResponse, status: number, title: string, body: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`,
  );
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export interface FakeOAuthServer {
  /** GET: the consent page; POST: the person's decision, then a 303 to the redirect URI. */
  authorize(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void>;
  token(request: IncomingMessage, response: ServerResponse): Promise<void>;
  revoke(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** The grant behind a bearer token, or null when unknown, expired or revoked. */
  checkBearer(header: string | undefined): boolean;
  revokeGrants(): void;
  expireAccessTokens(): void;
  tokenRequests: TokenRequestRecord[];
  /** How many revocation requests succeeded. */
  revocations(): number;
  /** Every access and refresh token handed out (tests look for them where they must never appear). */
  issuedTokens(): string[];
}

export function createFakeOAuth(
  options: FakeOAuthOptions,
  provider: string,
  now: () => number,
): FakeOAuthServer {
  const codes = new Map<string, PendingCode>();
  const grants: Grant[] = [];
  /** refresh token → its grant; a rotated refresh token is removed (it no longer works) */
  const refreshTokens = new Map<string, Grant>();
  /** access token → its grant, and when it stops working */
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const tokenRequests: TokenRequestRecord[] = [];
  let revocations = 0;
  const issued: string[] = [];

  function issueAccess(grant: Grant) {
    const accessToken = randomToken('at-');
    issued.push(accessToken);
    accessTokens.set(accessToken, { grant, expiresAt: now() + options.accessTokenTtlSeconds * 1000 });
    return accessToken;
  }

  const oauthError = (response: ServerResponse, status: number, error: string, description: string) =>
    sendJson(response, status, { error, error_description: description });

  function clientOf(request: IncomingMessage, form: URLSearchParams) {
    const basic = request.headers.authorization?.match(/^Basic (.+)$/i)?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
      return { id, secret };
    }
    return { id: form.get('client_id') ?? undefined, secret: form.get('client_secret') ?? undefined };
  }

  async function authorize(request: IncomingMessage, response: ServerResponse, url: URL) {
    if (request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const redirect = new URL(form.get('redirect_uri') ?? '');
      const state = form.get('state');
      if (form.get('decision') === 'allow') {
        const code = randomToken('code-');
        codes.set(code, {
          redirectUri: form.get('redirect_uri') ?? '',
          challenge: form.get('code_challenge') ?? '',
          scope: form.get('scope') ?? '',
          expiresAt: now() + 10 * 60_000,
        });
        redirect.searchParams.set('code', code);
      } else {
        redirect.searchParams.set('error', 'access_denied');
      }
      if (state) redirect.searchParams.set('state', state);
      if (options.issuer) redirect.searchParams.set('iss', options.issuer());
      response.writeHead(303, { location: redirect.toString() });
      response.end();
      return;
    }
    const params = url.searchParams;
    const problems = [
      params.get('client_id') !== options.clientId && 'unknown client_id',
      params.get('response_type') !== 'code' && 'response_type must be code',
      !params.get('redirect_uri') && 'redirect_uri missing',
      params.get('code_challenge_method') !== 'S256' && 'PKCE S256 required',
      !params.get('code_challenge') && 'code_challenge missing',
    ].filter(Boolean);
    if (problems.length > 0) {
      sendHtml(response, 400, 'Error', `<h1>Authorization error</h1><p>${problems.join(', ')}</p>`);
      return;
    }
    const hidden = ['redirect_uri', 'state', 'code_challenge', 'scope']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? '')}">`)
      .join('');
    sendHtml(
      response,
      200,
      `Sign in - ${provider}`,
      `<main><h1>${escapeHtml(provider)}</h1><p>Jotlist wants to access your calendar (${escapeHtml(
        params.get('scope') ?? '',
      )}).</p><form method="post" action="${escapeHtml(url.pathname)}">${hidden}<button type="submit" name="decision" value="allow">Allow</button> <button type="submit" name="decision" value="deny">Deny</button></form></main>`,
    );
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const grantType = form.get('grant_type') ?? '';
    const record: TokenRequestRecord = { grantType, status: 200 };
    tokenRequests.push(record);
    const fail = (status: number, error: string, description: string) => {
      record.status = status;
      oauthError(response, status, error, description);
    };
    const client = clientOf(request, form);
    if (client.id !== options.clientId || client.secret !== options.clientSecret) {
      fail(401, 'invalid_client', 'The OAuth client was not found or its secret is wrong.');
      return;
    }
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code || code.expiresAt < now()) {
        fail(400, 'invalid_grant', 'Malformed auth code.');
        return;
      }
      if (code.redirectUri !== form.get('redirect_uri')) {
        fail(400, 'invalid_grant', 'Bad Request: redirect_uri_mismatch');
        return;
      }
      const verifier = form.get('code_verifier') ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (!verifier || computed !== code.challenge) {
        fail(400, 'invalid_grant', 'Invalid code verifier.');
        return;
      }
      const refreshToken = randomToken('rt-');
      issued.push(refreshToken);
      const grant: Grant = { revoked: false, scope: code.scope };
      grants.push(grant);
      refreshTokens.set(refreshToken, grant);
      sendJson(response, 200, {
        access_token: issueAccess(grant),
        expires_in: options.accessTokenTtlSeconds,
        refresh_token: refreshToken,
        scope: code.scope,
        token_type: 'Bearer',
      });
      return;
    }
    if (grantType === 'refresh_token') {
      const presented = form.get('refresh_token') ?? '';
      const grant = refreshTokens.get(presented);
      if (!grant || grant.revoked) {
        fail(400, 'invalid_grant', 'Token has been expired or revoked.');
        return;
      }
      let refreshToken = presented;
      if (options.rotateRefreshTokens) {
        // The old refresh token stops working: a client that keeps it finds out at its next refresh.
        refreshTokens.delete(presented);
        refreshToken = randomToken('rt-');
        issued.push(refreshToken);
        refreshTokens.set(refreshToken, grant);
      }
      sendJson(response, 200, {
        access_token: issueAccess(grant),
        expires_in: options.accessTokenTtlSeconds,
        ...(options.rotateRefreshTokens ? { refresh_token: refreshToken } : {}),
        scope: grant.scope,
        token_type: 'Bearer',
      });
      return;
    }
    fail(400, 'unsupported_grant_type', `Unsupported grant type: ${grantType}`);
  }

  async function revoke(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const tokenValue = form.get('token') ?? '';
    const grant = refreshTokens.get(tokenValue) ?? accessTokens.get(tokenValue)?.grant;
    if (!grant) {
      oauthError(response, 400, 'invalid_token', 'Token expired or revoked');
      return;
    }
    grant.revoked = true;
    revocations += 1;
    sendJson(response, 200, {});
  }

  return {
    authorize,
    token,
    revoke,
    tokenRequests,
    revocations: () => revocations,
    issuedTokens: () => [...issued],
    checkBearer(header) {
      const value = header?.match(/^Bearer (.+)$/i)?.[1];
      const access = value ? accessTokens.get(value) : undefined;
      if (!access || access.expiresAt <= now()) return false;
      return !access.grant.revoked;
    },
    revokeGrants() {
      for (const grant of grants) grant.revoked = true;
    },
    expireAccessTokens() {
      for (const access of accessTokens.values()) access.expiresAt = 0;
    },
  };
}

/** Test control shared by both fakes: the next `times` API calls answer `status` (429 with Retry-After). */
export function failureQueue() {
  const queue: Array<{ status: number; retryAfter: number | undefined }> = [];
  return {
    add(status: number, times = 1, retryAfter?: number) {
      for (let index = 0; index < times; index++) queue.push({ status, retryAfter });
    },
    take() {
      return queue.shift();
    },
  };
}
