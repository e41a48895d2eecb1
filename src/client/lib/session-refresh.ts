import type { SessionResponse } from '../../shared/schemas/auth.ts';

/**
 * The silent refresh of the session cookies, shared by the auth context (start-up, timer) and the API
 * client (a 401 is retried once after a refresh). Kept free of zod and React so the landing page's bundle
 * stays small: the body is checked by hand.
 */

export type RefreshOutcome =
  | { kind: 'refreshed'; session: SessionResponse }
  /** The server refused the refresh cookie: the session is over. */
  | { kind: 'expired' }
  /** Network trouble or a 5xx: the session may still be fine, so nobody is signed out for it. */
  | { kind: 'failed' };

type Listener = (outcome: RefreshOutcome) => void;

const listeners = new Set<Listener>();
let inFlight: Promise<RefreshOutcome> | null = null;

/** Hears every refresh outcome, whoever asked for it. Returns the unsubscribe function. */
export function onSessionRefresh(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * POST /api/auth/refresh, at most one at a time per tab: callers arriving while one runs share its
 * outcome, so a burst of 401s rotates the refresh token once instead of tripping reuse detection.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  inFlight ??= runRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function runRefresh(): Promise<RefreshOutcome> {
  let outcome: RefreshOutcome;
  try {
    const response = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
    if (response.ok) {
      const body: unknown = await response.json();
      outcome =
        isSessionResponse(body) && body.user ? { kind: 'refreshed', session: body } : { kind: 'expired' };
    } else {
      outcome = response.status === 401 || response.status === 403 ? { kind: 'expired' } : { kind: 'failed' };
    }
  } catch {
    outcome = { kind: 'failed' };
  }
  for (const listener of listeners) listener(outcome);
  return outcome;
}

let started: Promise<SessionResponse | null> | null = null;

/**
 * Starts the page's first session check as the page boots (main.tsx), before React's first render and
 * beside the requests that need no answer from it (docs/performance.md: the workspace's start-up was a waterfall).
 * The auth context's first read takes it (takeStartedSessionCheck) instead of asking again.
 */
export function startSessionCheck(): Promise<SessionResponse | null> {
  started ??= fetchSession();
  return started;
}

/** The check startSessionCheck began, once: later reads ask the server afresh. */
export function takeStartedSessionCheck(): Promise<SessionResponse | null> | null {
  const check = started;
  started = null;
  return check;
}

/** GET /api/auth/session; null when the server cannot be asked (the caller decides what that means). */
export async function fetchSession(): Promise<SessionResponse | null> {
  try {
    const response = await fetch('/api/auth/session', { credentials: 'same-origin' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isSessionResponse(body) ? body : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Enough of sessionResponseSchema to trust the body: the user's id and e-mail, the profile's flags. */
export function isSessionResponse(value: unknown): value is SessionResponse {
  if (!isRecord(value)) return false;
  const { user, profile } = value;
  const userOk =
    user === null || (isRecord(user) && typeof user.id === 'string' && typeof user.email === 'string');
  const profileOk =
    profile === null ||
    profile === undefined ||
    (isRecord(profile) &&
      typeof profile.isTrial === 'boolean' &&
      typeof profile.accountStatus === 'string' &&
      typeof profile.daysRemaining === 'number' &&
      typeof profile.readOnly === 'boolean');
  return userOk && profileOk;
}
