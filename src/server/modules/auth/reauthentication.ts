import { messages } from '../../../shared/messages.ts';
import { AppError } from '../../app-error.ts';
import type { AppDeps, SessionIdentity } from '../../deps.ts';
import { markSessionReauthenticated, sessionReauthenticatedAt } from './sessions.repo.ts';

/**
 * Re-authentication: a stolen session (an unlocked laptop) must not be enough to do what cannot be
 * undone. The password confirmed on this session counts for a few minutes, long enough for the dialog
 * that follows, short enough that a session left open does not keep it.
 */
export const reauthWindowMs = 5 * 60_000;

export async function recordReauthentication(deps: AppDeps, auth: SessionIdentity): Promise<void> {
  await markSessionReauthenticated(deps.database.db, auth.sessionId, deps.now().toISOString());
}

/** Throws 403 `reauth_required` unless this session confirmed the password within the window. */
export async function requireRecentReauthentication(deps: AppDeps, auth: SessionIdentity): Promise<void> {
  const at = await sessionReauthenticatedAt(deps.database.db, auth.sessionId);
  const fresh = at !== null && deps.now().getTime() - Date.parse(at) <= reauthWindowMs;
  if (!fresh) throw new AppError('reauth_required', 403, messages.auth.reauthRequired);
}
