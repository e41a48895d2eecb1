import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../shared/messages.ts';
import { AppError } from '../../app-error.ts';
import type { AppDeps, SessionIdentity } from '../../deps.ts';
import { writeMethods } from '../../http-methods.ts';
import { readAccessToken, sessionCookieNames } from './auth-cookies.ts';
import { resolveAccessToken } from './sessions.service.ts';

/**
 * Session authentication for every /api route.
 *
 * - `request.auth` is the signed-in user (`{ userId, email, sessionId, via }`) or null. It comes from
 *   `Authorization: Bearer <access token>` (API clients) or the `jl_access` cookie (browsers); an unknown
 *   or expired token simply leaves it null.
 * - `requireUser` is a preHandler for routes that need a user: `{ preHandler: requireUser }` answers 401
 *   `unauthorized` without one. Inside the handler, `currentUser(request)` returns the user, typed as
 *   present. Scope every query by `currentUser(request).userId` (docs/ARCHITECTURE.md: ownership in the query).
 * - Cross-site request forgery: a state-changing request that carries our cookies (or targets the auth
 *   and account endpoints, against login CSRF) must come from our own origin, else 403 `forbidden`.
 *
 * Register it on the root instance after @fastify/cookie and before the modules.
 */

export interface RequestAuth extends SessionIdentity {
  via: 'bearer' | 'cookie';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set by the session hook for every /api request. */
    auth: RequestAuth | null;
  }
}

export function registerSessionAuth(app: FastifyInstance, deps: AppDeps): void {
  const appOrigins = new Set(deps.config.appOrigins);

  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (writeMethods.has(request.method) && needsOriginCheck(request)) {
      assertSameOrigin(request, appOrigins);
    }
    const found = readAccessToken(request);
    if (!found) return;
    const identity = await resolveAccessToken(deps, found.token);
    request.auth = identity ? { ...identity, via: found.via } : null;
  });
}

const unauthorized = () => new AppError('unauthorized', 401, messages.auth.unauthorized);

/** preHandler: 401 `unauthorized` unless the request is signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthorized();
}

/** The signed-in user of a request guarded by requireUser. */
export function currentUser(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

function needsOriginCheck(request: FastifyRequest): boolean {
  if (sessionCookieNames.some((name) => request.cookies[name] !== undefined)) return true;
  // A Bearer token is sent deliberately by its holder; a forging page cannot know it.
  if (request.headers.authorization !== undefined) return false;
  return request.url.startsWith('/api/auth/') || request.url.startsWith('/api/account');
}

/**
 * Browsers always send Origin on cross-origin POST/PUT/DELETE, and modern ones Sec-Fetch-Site too, so a
 * forged request from another site always shows itself. A request with neither header is not from a
 * browser page (curl, an API client) and cannot ride on a victim's cookies, so it passes.
 */
function assertSameOrigin(request: FastifyRequest, appOrigins: ReadonlySet<string>): void {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    // APP_URL's origin only (docs/accounts.md; with its loopback aliases when APP_URL is unset, config.ts): the
    // request's own Host or X-Forwarded-Host is whatever the sender wrote, so it proves nothing. The Vite
    // dev proxy rewrites Origin to match (vite.config.ts).
    if (appOrigins.has(origin)) return;
    throw forbidden();
  }
  const site = request.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return;
  throw forbidden();
}

const forbidden = () => new AppError('forbidden', 403, messages.auth.forbiddenOrigin);
