import type { CalendarProvider } from '../../../../shared/schemas/calendar-sync.ts';
import type { Config } from '../../../config.ts';
import { caldavCalendar } from './caldav.ts';
import { googleCalendar } from './google.ts';
import { outlookCalendar } from './outlook.ts';
import type { CalendarProviderClient } from './provider.ts';

/**
 * Which client speaks to each provider. The sync engine asks only this map, so a provider plugs in with
 * one line here (CalDAV: `caldav: (config) => caldavCalendar(…)`); a provider without an entry answers
 * `Unsupported calendar provider`.
 */
export type ProviderFactory = (config: Config) => CalendarProviderClient;

export const providerFactories: Partial<Record<CalendarProvider, ProviderFactory>> = {
  google: (config) => googleCalendar(oauthEndpoints(config, 'google').api),
  outlook: (config) => outlookCalendar(oauthEndpoints(config, 'outlook').api),
  caldav: (config) => caldavCalendar({ allowedHosts: config.CALDAV_ALLOWED_HOSTS }),
};

export function providerClient(config: Config, provider: CalendarProvider): CalendarProviderClient | null {
  return providerFactories[provider]?.(config) ?? null;
}

/** Defaults of the *_BASE variables: the providers' real hosts. */
export const defaultBases = {
  google: {
    auth: 'https://accounts.google.com',
    token: 'https://oauth2.googleapis.com',
    api: 'https://www.googleapis.com',
  },
  microsoft: {
    auth: 'https://login.microsoftonline.com/common',
    api: 'https://graph.microsoft.com',
  },
} as const;

export interface OAuthEndpoints {
  issuer: string;
  authorization: string;
  token: string;
  revocation: string | null;
  api: string;
}

const trim = (base: string) => base.replace(/\/+$/, '');

/**
 * Every *_BASE variable is a base URL the fixed paths are appended to (README "Calendar sync"): Google
 * `<GOOGLE_AUTH_BASE>/o/oauth2/v2/auth`, `<GOOGLE_TOKEN_BASE>/token` and `/revoke`,
 * `<GOOGLE_API_BASE>/calendar/v3/…`; Microsoft `<MICROSOFT_AUTH_BASE>/oauth2/v2.0/authorize` and
 * `/token` (the base includes the tenant, `/common` by default), `<MICROSOFT_API_BASE>/v1.0/me/events`.
 */
export function oauthEndpoints(config: Config, provider: 'google' | 'outlook'): OAuthEndpoints {
  if (provider === 'google') {
    const auth = trim(config.GOOGLE_AUTH_BASE ?? defaultBases.google.auth);
    const token = trim(config.GOOGLE_TOKEN_BASE ?? defaultBases.google.token);
    return {
      issuer: auth,
      authorization: `${auth}/o/oauth2/v2/auth`,
      token: `${token}/token`,
      revocation: `${token}/revoke`,
      api: trim(config.GOOGLE_API_BASE ?? defaultBases.google.api),
    };
  }
  const auth = trim(config.MICROSOFT_AUTH_BASE ?? defaultBases.microsoft.auth);
  return {
    issuer: auth,
    authorization: `${auth}/oauth2/v2.0/authorize`,
    token: `${auth}/oauth2/v2.0/token`,
    // Microsoft has no RFC 7009 endpoint for these grants: disconnecting forgets the tokens.
    revocation: null,
    api: trim(config.MICROSOFT_API_BASE ?? defaultBases.microsoft.api),
  };
}
