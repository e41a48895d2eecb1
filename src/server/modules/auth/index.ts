/**
 * The auth module's public surface. Plugins and other modules import from here only; every other file
 * in this folder is internal (sessions, tokens, cookies, hashing, mails).
 */

export { accountRoutes } from './account.routes.ts';
export type { AccountCreationStep } from './account-creation.ts';
export type { AccountDeletionStep } from './account-deletion.ts';
export { authJobs } from './auth.jobs.ts';
export { authRoutes, requestMeta } from './auth.routes.ts';
export { hasConfirmedEmail, type RequestMeta } from './auth.service.ts';
export { accessCookie, refreshCookie } from './auth-cookies.ts';
export { authCleanupJob } from './cleanup.job.ts';
export { devicesRoutes } from './devices.routes.ts';
export { passkeysRoutes } from './passkeys.routes.ts';
export { hashPassword, verifyPassword } from './password-hashing.ts';
export { createSessionCache, sessionCacheLimits } from './session-cache.ts';
export { currentUser, type RequestAuth, registerSessionAuth, requireUser } from './session-hook.ts';
export { isSessionOpen, revokeSessionsOfUser } from './sessions.service.ts';
export { twoStepRoutes } from './two-step.routes.ts';
