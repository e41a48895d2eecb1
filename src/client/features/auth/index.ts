/**
 * The public surface of auth for the other features: the session, the account calls settings makes,
 * and the wording of their errors. The routes load the auth screens by their own paths.
 */
export {
  changeEmail,
  changePassword,
  changeTimeZone,
  confirmPassword,
  deleteAccount,
  signOutEverywhere,
} from './auth-api.ts';
export { AuthProvider, useAccountTimeZone, useAuth, useSignedIn } from './auth-context.tsx';
export { authErrorMessage } from './auth-errors.ts';
export { confirmWithPasskey, passkeysAvailable } from './passkey-api.ts';
