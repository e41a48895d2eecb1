/**
 * The entitlement module's public surface: who may write, and the account status the client sees.
 * Everything else in this folder is internal.
 */
export { accountStatus, type EntitlementSource, isWritable } from './entitlement.ts';
export { createProfileCache } from './profile-cache.ts';
export { findProfile, insertProfile, profileTimeZone, setProfileTimeZone } from './profiles.repo.ts';
export { newTrialProfile } from './trial.ts';
