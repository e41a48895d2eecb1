import type { OAuthProvider } from '../schemas/calendar-sync.ts';

/**
 * Where each calendar provider sends the browser back (the redirect URI is `${APP_URL}` + this path): one
 * path per provider, so an answer is only ever finished as the provider whose path it arrived at, and a
 * code one provider issued cannot be slipped into a connection started with another (the OAuth mix-up
 * attack). Outlook's is named after Microsoft, whose identity platform the app is registered with. Apart
 * from the zod schemas, so the route table can name these paths without carrying the schemas.
 */
export const oauthCallbackPaths = {
  google: '/oauth/google/callback',
  outlook: '/oauth/microsoft/callback',
} as const satisfies Record<OAuthProvider, string>;

/** The provider whose callback path this is, or null (any other path, `/` included). */
export function callbackProvider(pathname: string): OAuthProvider | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === oauthCallbackPaths.google) return 'google';
  if (path === oauthCallbackPaths.outlook) return 'outlook';
  return null;
}
