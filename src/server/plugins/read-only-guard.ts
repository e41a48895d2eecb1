import type { FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages.ts';
import { AppError } from '../app-error.ts';
import type { AppDeps } from '../deps.ts';
import { toProfile } from '../modules/auth/profile.ts';
import { cachedProfile } from '../modules/auth/profile-cache.ts';
import { currentUser } from './session-auth.ts';

/**
 * The one gate every create, update, delete, reorder and import passes (DESIGN.md §4): an account whose
 * trial has expired without an active subscription may read but not write. Read-only-ness comes from the
 * accounts module's profile derivation, so when billing feeds subscriptions into it this guard follows.
 *
 *   app.post('/api/x', { preHandler: [requireUser, writable] }, handler)   // writable = requireWritable(deps)
 */
export function requireWritable(deps: AppDeps) {
  return async function requireWritableHandler(request: FastifyRequest): Promise<void> {
    if (await isReadOnly(deps, currentUser(request).userId)) {
      throw new AppError('read_only', 403, messages.api.readOnly);
    }
  };
}

/**
 * A user without a profile row is treated as read-only: a paywall fails closed. The row may come from a
 * short-lived cache (profile-cache.ts); the trial's end is still judged against the clock right now.
 */
export async function isReadOnly(deps: AppDeps, userId: string): Promise<boolean> {
  const row = await cachedProfile(deps, userId);
  return row ? toProfile(row, deps.now()).readOnly : true;
}
