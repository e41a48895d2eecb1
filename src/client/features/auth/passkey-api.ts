import { browserSupportsWebAuthn, startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser';
import { okResponseSchema, sessionResponseSchema } from '../../../shared/schemas/auth.ts';
import { authenticationOptionsSchema } from '../../../shared/schemas/passkeys.ts';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * Passkeys on the sign-in screen and in "Confirm it's you" (docs/accounts.md): the server hands out a
 * challenge, the browser asks the authenticator, the server verifies the answer.
 */

/**
 * Whether passkeys can work here: a browser with WebAuthn, at a domain name (localhost counts). At an
 * IP address (http://192.168.1.5:3000) browsers refuse every passkey, so the screens do not offer them.
 */
export function passkeysAvailable(): boolean {
  const host = window.location.hostname;
  const ipAddress = /^\d+(\.\d+){3}$/.test(host) || host.startsWith('[');
  return browserSupportsWebAuthn() && !ipAddress;
}

/**
 * Signs in with a discoverable passkey. `autofill`: conditional UI, the browser offers the passkeys in
 * the e-mail field's suggestions and the promise waits until one is picked (or the ceremony is cancelled).
 */
export async function signInWithPasskey(options: { rememberMe: boolean; autofill?: boolean }) {
  const optionsJSON = await apiRequest('/api/auth/passkey/options', authenticationOptionsSchema, {
    method: 'POST',
  });
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: options.autofill ?? false });
  return apiRequest('/api/auth/passkey/signin', sessionResponseSchema, {
    method: 'POST',
    body: { response, rememberMe: options.rememberMe },
  });
}

/** Confirms it's you with one of the account's own passkeys; counts as the password for five minutes. */
export async function confirmWithPasskey() {
  const optionsJSON = await apiRequest('/api/account/reauth/passkey/options', authenticationOptionsSchema, {
    method: 'POST',
  });
  const response = await startAuthentication({ optionsJSON });
  return apiRequest('/api/account/reauth/passkey', okResponseSchema, { method: 'POST', body: { response } });
}

/** Ends a waiting autofill request (leaving the sign-in screen, or before another ceremony). */
export const cancelPasskeyRequest = () => WebAuthnAbortService.cancelCeremony();
