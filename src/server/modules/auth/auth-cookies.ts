import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { IssuedTokens } from './sessions.service.ts';

/**
 * Cookie names and paths (docs/accounts.md). Over http the refresh cookie is only ever sent to
 * /api/auth/*. Over https both carry the `__Host-` prefix, which the browser accepts only when Secure,
 * Path=/ and without Domain: no sibling subdomain and no plain-http page can plant or overwrite them.
 * The prefix forces Path=/, so over https the refresh cookie travels with every request (it is still
 * httpOnly, and only /api/auth/refresh reads it).
 */
export const accessCookie = { name: 'jl_access', path: '/api' } as const;
export const refreshCookie = { name: 'jl_refresh', path: '/api/auth' } as const;
const hostPrefix = '__Host-';
export const hostAccessCookie = `${hostPrefix}${accessCookie.name}`;
export const hostRefreshCookie = `${hostPrefix}${refreshCookie.name}`;
export const sessionCookieNames: readonly string[] = [
  accessCookie.name,
  refreshCookie.name,
  hostAccessCookie,
  hostRefreshCookie,
];

type CookieConfig = Pick<Config, 'secureCookies'>;

/** The names and paths this install issues: `__Host-` ones behind https, the plain ones otherwise. */
const issuedCookies = (config: CookieConfig) =>
  config.secureCookies
    ? { access: { name: hostAccessCookie, path: '/' }, refresh: { name: hostRefreshCookie, path: '/' } }
    : { access: accessCookie, refresh: refreshCookie };

const baseOptions = (config: CookieConfig) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  // Secure only behind https: on http://localhost a Secure cookie would never come back.
  secure: config.secureCookies,
});

const secondsUntil = (date: Date, now: Date) =>
  Math.max(0, Math.floor((date.getTime() - now.getTime()) / 1000));

/**
 * Remember me: both cookies carry a Max-Age, the refresh cookie to the session's absolute end.
 * Without it neither has one, so they end with the browser session and nothing outlives closing it.
 */
export function setSessionCookies(
  reply: FastifyReply,
  config: Pick<Config, 'secureCookies'>,
  tokens: IssuedTokens,
  now: Date,
): void {
  const options = baseOptions(config);
  const issued = issuedCookies(config);
  reply.setCookie(issued.access.name, tokens.accessToken, {
    ...options,
    path: issued.access.path,
    ...(tokens.rememberMe ? { maxAge: secondsUntil(tokens.accessExpiresAt, now) } : {}),
  });
  reply.setCookie(issued.refresh.name, tokens.refreshToken, {
    ...options,
    path: issued.refresh.path,
    ...(tokens.rememberMe ? { maxAge: secondsUntil(tokens.absoluteExpiresAt, now) } : {}),
  });
  // Moving to `__Host-` names: a browser signed in before still holds the plain cookies, which were
  // read (below) to get here; now that the session lives under the new names, the old ones go.
  if (config.secureCookies) clearLegacyCookies(reply, config);
}

function clearLegacyCookies(reply: FastifyReply, config: CookieConfig): void {
  const options = baseOptions(config);
  reply.clearCookie(accessCookie.name, { ...options, path: accessCookie.path });
  reply.clearCookie(refreshCookie.name, { ...options, path: refreshCookie.path });
}

export function clearSessionCookies(reply: FastifyReply, config: CookieConfig): void {
  const options = baseOptions(config);
  const issued = issuedCookies(config);
  reply.clearCookie(issued.access.name, { ...options, path: issued.access.path });
  reply.clearCookie(issued.refresh.name, { ...options, path: issued.refresh.path });
  if (config.secureCookies) clearLegacyCookies(reply, config);
}

/** The access token from `Authorization: Bearer …` (API clients) or else the access cookie (browsers). */
export function readAccessToken(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1] ? { token: match[1], via: 'bearer' } : null;
  }
  // The plain name is still read after a move to https, so nobody is signed out by the rename; a
  // `__Host-` cookie can only have been set over https by this very origin, so it is read first.
  const cookie = request.cookies[hostAccessCookie] || request.cookies[accessCookie.name];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

export function readRefreshToken(request: FastifyRequest): string | undefined {
  return request.cookies[hostRefreshCookie] || request.cookies[refreshCookie.name] || undefined;
}
