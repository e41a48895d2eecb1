import {
  type ChangeEmailBody,
  type ChangePasswordBody,
  type EmailBody,
  okResponseSchema,
  type ReauthBody,
  type ResetPasswordBody,
  type SignInFormValues,
  type SignUpBody,
  sessionResponseSchema,
  type TimeZoneBody,
} from '../../../shared/schemas/auth.ts';
import {
  type SecondStepInput,
  secondStepResponseSchema,
  signInResponseSchema,
} from '../../../shared/schemas/two-step.ts';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The accounts API as the screens call it. Lazily loaded with those screens (it brings zod); the auth
 * context keeps its own few plain-fetch calls so the landing page does not download this.
 */

/** A session, or with two-step sign-in on, `secondStep` (no session yet). */
export const signIn = (body: SignInFormValues) =>
  apiRequest('/api/auth/signin', signInResponseSchema, { method: 'POST', body });

/** The second step of sign-in: an authenticator code or a recovery code for the pending token. */
export const completeSecondStep = (body: SecondStepInput) =>
  apiRequest('/api/auth/second-step', secondStepResponseSchema, { method: 'POST', body });

export const signUp = (body: SignUpBody) =>
  apiRequest('/api/auth/signup', okResponseSchema, { method: 'POST', body });

export const resendConfirmation = (body: EmailBody) =>
  apiRequest('/api/auth/resend-confirmation', okResponseSchema, { method: 'POST', body });

export const requestPasswordReset = (body: EmailBody) =>
  apiRequest('/api/auth/forgot-password', okResponseSchema, { method: 'POST', body });

export const resetPassword = (body: ResetPasswordBody) =>
  apiRequest('/api/auth/reset-password', okResponseSchema, { method: 'POST', body });

/** docs/PRODUCT.md §10.2: a one-time sign-in link by e-mail, offered when sign-in answers 429. */
export const requestSignInLink = (body: EmailBody) =>
  apiRequest('/api/auth/signin-link', okResponseSchema, { method: 'POST', body });

export const redeemSignInLink = (token: string) =>
  apiRequest('/api/auth/signin-link/redeem', signInResponseSchema, { method: 'POST', body: { token } });

export const confirmEmail = (token: string) =>
  apiRequest('/api/auth/confirm-email', signInResponseSchema, { method: 'POST', body: { token } });

export const confirmEmailChange = (token: string) =>
  apiRequest('/api/account/confirm-email-change', sessionResponseSchema, {
    method: 'POST',
    body: { token },
  });

export const signOutEverywhere = () =>
  apiRequest('/api/auth/signout-all', okResponseSchema, { method: 'POST' });

export const changePassword = (body: ChangePasswordBody) =>
  apiRequest('/api/account/password', okResponseSchema, { method: 'PUT', body });

/** The account's time zone: due times and "today" are read in it. */
export const changeTimeZone = (body: TimeZoneBody) =>
  apiRequest('/api/account/time-zone', okResponseSchema, { method: 'PUT', body });

export const changeEmail = (body: ChangeEmailBody) =>
  apiRequest('/api/account/email', okResponseSchema, { method: 'PUT', body });

/** Re-authentication: confirms the password on this session before what cannot be undone. */
export const confirmPassword = (body: ReauthBody) =>
  apiRequest('/api/account/reauth', okResponseSchema, { method: 'POST', body });

export const deleteAccount = () =>
  apiRequest('/api/account', okResponseSchema, { method: 'DELETE', body: { confirmation: 'DELETE' } });
