import { messages } from '../../../shared/messages.ts';
import type { SecondStep } from '../../../shared/schemas/two-step.ts';
import { ApiError } from '../../lib/api-client.ts';

/**
 * What a screen shows for a failed accounts call (docs/PRODUCT.md §8): the catalogue's mapped messages by error
 * code, any other server message unchanged, and the screen's own fallback when there is no usable
 * message (network failure, an unexpected server error).
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  switch (error.code) {
    case 'invalid_credentials':
      return messages.auth.invalidCredentials;
    case 'email_not_confirmed':
      return messages.auth.emailNotConfirmed;
    case 'rate_limited':
      return messages.auth.rateLimited;
    case 'session_expired':
      return messages.auth.sessionExpired;
    case 'network_error':
    case 'http_error':
    case 'internal_error':
      return fallback;
    case 'validation_failed': {
      // The field's own message says more than "Some fields are not valid."
      const first = Object.values(error.fields)[0];
      return first ?? error.message;
    }
    default:
      return error.message || fallback;
  }
}

/** The navigation state auth screens pass each other: a notice to show and the path to return to. */
export interface AuthNavigationState {
  from?: string;
  message?: string;
  /** A mailed sign-in link that needs two-step sign-in's second step: sign-in asks the code. */
  secondStep?: SecondStep;
}

/** A same-site path only: `from` comes from history state, which a crafted link could fill. */
export function safeReturnPath(from: unknown): string | null {
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
