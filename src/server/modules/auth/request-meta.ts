import type { FastifyBaseLogger } from 'fastify';
import type { SessionIdentity } from '../../deps.ts';
import type { IssuedTokens } from './sessions.service.ts';

/** What services need to know about the request. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  log: FastifyBaseLogger;
  /** The base of mailed links: APP_URL, or the loopback address in use when it is unset (app-url.ts). */
  appUrl: string;
}

/** A sign-in that made a session: who, and the tokens on their way into cookies. */
export interface SignedIn {
  identity: SessionIdentity;
  tokens: IssuedTokens;
}
