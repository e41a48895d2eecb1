import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { IssuedTokens } from './sessions.service.ts';

/** Cookie names and paths (docs/accounts.md). The refresh cookie is only ever sent to /api/auth/*. */
export const accessCookie = { name: 'jl_access', path: '/api' } as const;
export const refreshCookie = { name: 'jl_refresh', path: '/api/auth' } as const;
export const sessionCookieNames: readonly string[] = [accessCookie.name, refreshCookie.name];

const baseOptions = (config: Pick<Config, 'secureCookies'>) => ({
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
  reply.setCookie(accessCookie.name, tokens.accessToken, {
    ...options,
    path: accessCookie.path,
    ...(tokens.rememberMe ? { maxAge: secondsUntil(tokens.accessExpiresAt, now) } : {}),
  });
  reply.setCookie(refreshCookie.name, tokens.refreshToken, {
    ...options,
    path: refreshCookie.path,
    ...(tokens.rememberMe ? { maxAge: secondsUntil(tokens.absoluteExpiresAt, now) } : {}),
  });
}

export function clearSessionCookies(reply: FastifyReply, config: Pick<Config, 'secureCookies'>): void {
  const options = baseOptions(config);
  reply.clearCookie(accessCookie.name, { ...options, path: accessCookie.path });
  reply.clearCookie(refreshCookie.name, { ...options, path: refreshCookie.path });
}

/** The access token from `Authorization: Bearer …` (API clients) or else the access cookie (browsers). */
export function readAccessToken(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1] ? { token: match[1], via: 'bearer' } : null;
  }
  const cookie = request.cookies[accessCookie.name];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

export function readRefreshToken(request: FastifyRequest): string | undefined {
  return request.cookies[refreshCookie.name] || undefined;
}
