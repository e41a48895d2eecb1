/**
 * The non-secret session state every tab shares through localStorage (docs/PRODUCT.md §9: `{product}-auth-token`).
 * It never holds a token: the cookies are httpOnly. Tabs listen to the `storage` event on this key to
 * learn that another tab signed in, signed out or refreshed the session.
 */
export const authStorageKey = 'jotlist-auth-token';

export interface StoredAuthState {
  signedIn: boolean;
  userId: string | null;
  /** When the session's cookies were last issued (sign-in or refresh), in ms since the epoch. */
  at: number;
}

export function parseStoredAuth(raw: string | null): StoredAuthState | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { signedIn, userId, at } = value as Record<string, unknown>;
    if (typeof signedIn !== 'boolean') return null;
    return {
      signedIn,
      userId: typeof userId === 'string' ? userId : null,
      at: typeof at === 'number' && Number.isFinite(at) ? at : 0,
    };
  } catch {
    return null;
  }
}

export function readStoredAuth(): StoredAuthState | null {
  try {
    return parseStoredAuth(window.localStorage.getItem(authStorageKey));
  } catch {
    // Storage can be disabled (privacy modes); the app then simply works per tab.
    return null;
  }
}

/**
 * Access cookies live 15 minutes (the server's sessionLifetimes.accessMs); tabs refresh them after 12,
 * which leaves room for a slow network or a throttled timer.
 */
export const refreshAfterMs = 12 * 60 * 1000;

/**
 * Whether this browser's shared state says signed in, with cookies issued less than refreshAfterMs ago:
 * the access cookie should still be good, so a request sent before the session check will not meet a 401.
 */
export function signedInRecently(now = Date.now()): boolean {
  const stored = readStoredAuth();
  return stored?.signedIn === true && now - stored.at < refreshAfterMs;
}

export function writeStoredAuth(state: StoredAuthState): void {
  try {
    window.localStorage.setItem(authStorageKey, JSON.stringify(state));
  } catch {
    // See readStoredAuth.
  }
}

/** Every localStorage key this app owns starts with `jotlist`; account deletion removes them all. */
export function clearOwnLocalState(): void {
  try {
    const ours: string[] = [];
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index);
      if (key?.startsWith('jotlist')) ours.push(key);
    }
    for (const key of ours) window.localStorage.removeItem(key);
  } catch {
    // See readStoredAuth.
  }
}
