import { okResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  type EnableTwoStepBody,
  recoveryCodesSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
} from '../../../shared/schemas/two-step.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Settings → Account → Two-step sign-in (docs/accounts.md#two-step-sign-in). */
export const twoStepQueryKey = ['account', 'two-step'] as const;

export const fetchTwoStep = () => apiRequest('/api/account/two-step', twoStepStatusSchema);

/** Needs the password confirmed on this session first (confirmPassword). */
export const startTwoStepSetup = () =>
  apiRequest('/api/account/two-step/setup', twoStepSetupSchema, { method: 'POST' });

export const enableTwoStep = (body: EnableTwoStepBody) =>
  apiRequest('/api/account/two-step/enable', recoveryCodesSchema, { method: 'POST', body });

/** Needs the password confirmed on this session first (confirmPassword). */
export const regenerateRecoveryCodes = () =>
  apiRequest('/api/account/two-step/recovery-codes', recoveryCodesSchema, { method: 'POST' });

/** Needs the password confirmed on this session first (confirmPassword). */
export const turnOffTwoStep = () =>
  apiRequest('/api/account/two-step', okResponseSchema, { method: 'DELETE' });

/** Hands the recovery codes to the browser's downloads as a .txt file. */
export function downloadRecoveryCodes(codes: string[]): void {
  const text = [
    'Jotlist recovery codes',
    'Each code signs you in once if you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'jotlist-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; let them finish before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
