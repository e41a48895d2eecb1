import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import { devicesResponseSchema, type NewSignInMailBody } from '../../../shared/schemas/devices.ts';
import { apiRequest } from '../../lib/api-client.ts';

export const devicesQueryKey = ['account', 'devices'] as const;

export const fetchDevices = () => apiRequest('/api/account/devices', devicesResponseSchema);

export const signOutDevice = (id: string) =>
  apiRequest(`/api/account/devices/${encodeURIComponent(id)}`, okResponseSchema, { method: 'DELETE' });

export const changeNewSignInMail = (body: NewSignInMailBody) =>
  apiRequest('/api/account/new-sign-in-mail', okResponseSchema, { method: 'PUT', body });
