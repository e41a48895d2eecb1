import { startRegistration } from '@simplewebauthn/browser';
import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import { passkeysResponseSchema, registrationOptionsSchema } from '../../../shared/schemas/passkeys.ts';
import { apiRequest } from '../../lib/api-client.ts';

export const passkeysQueryKey = ['account', 'passkeys'] as const;

export const fetchPasskeys = () => apiRequest('/api/account/passkeys', passkeysResponseSchema);

/** Asks the server for a challenge, the authenticator for a new passkey, and stores it under `name`. */
export async function addPasskey(name: string) {
  const optionsJSON = await apiRequest('/api/account/passkeys/options', registrationOptionsSchema, {
    method: 'POST',
  });
  const response = await startRegistration({ optionsJSON });
  return apiRequest('/api/account/passkeys', okResponseSchema, { method: 'POST', body: { name, response } });
}

export const removePasskey = (id: string) =>
  apiRequest(`/api/account/passkeys/${encodeURIComponent(id)}`, okResponseSchema, { method: 'DELETE' });
