import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { messages } from '../../../shared/messages.ts';
import type { Profile, SessionResponse, SessionUser } from '../../../shared/schemas/auth.ts';
import {
  clearAccountStore,
  clearOtherAccountStores,
  readAccountValue,
  reopenAccountStore,
  writeAccountValue,
} from '../../lib/account-store.ts';
import {
  authStorageKey,
  clearOwnLocalState,
  parseStoredAuth,
  readStoredAuth,
  refreshAfterMs,
  writeStoredAuth,
} from '../../lib/auth-storage.ts';
import {
  fetchSession,
  isSessionResponse,
  onSessionRefresh,
  refreshSession,
  takeStartedSessionCheck,
} from '../../lib/session-refresh.ts';

// This file is in the landing page's bundle: plain fetch and hand-checked bodies, no zod, no TanStack Query.

export type { Profile, SessionUser };

export type AuthState = { status: 'loading'; user: null } | { status: 'ready'; user: SessionUser | null };

export interface AuthContextValue {
  state: AuthState;
  /** The signed-in user's trial and account status; null when signed out. */
  profile: Profile | null;
  /**
   * A message for the sign-in screen about why the user is signed out: the session expired (a silent
   * refresh failed while signed in) or they signed out of all devices.
   */
  notice: string | null;
  /** Re-reads the session from the server (another tab's change, an e-mail change). */
  refresh(): Promise<void>;
  /** The "signed in" and "token refreshed" events: a session answer from sign-in, confirm or refresh. */
  applySession(session: SessionResponse): void;
  /** Ends this browser's session on the server, then here and in every other tab. */
  signOut(): Promise<void>;
  /** The server already ended the session (sign-out everywhere, account deleted): forget it locally. */
  signedOut(options?: { clearLocalState?: boolean; notice?: string }): void;
  dismissNotice(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The account store's key for the last session answer: who to show when the app opens offline. */
const lastSessionKey = 'session';

/** The last session this browser had for the account, if it is still kept (see account-store.ts). */
async function lastKnownSession(userId: string | null | undefined): Promise<SessionResponse | null> {
  if (!userId) return null;
  const kept = await readAccountValue<unknown>(userId, lastSessionKey);
  return isSessionResponse(kept) && kept.user?.id === userId ? kept : null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });
  const [profile, setProfile] = useState<Profile | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Signed in from the device's last known session because the server could not be asked (offline).
  const [unconfirmed, setUnconfirmed] = useState(false);
  // Event handlers need the current user without re-subscribing on every change.
  const userRef = useRef<SessionUser | null>(null);

  const setSignedIn = useCallback((session: SessionResponse, issuedAt: number | null) => {
    const user = session.user;
    userRef.current = user;
    setState({ status: 'ready', user });
    setProfile(user ? session.profile : null);
    if (!user) return;
    setNotice(null);
    // Kept for opening the app offline; any other account's offline data leaves the browser.
    reopenAccountStore(user.id);
    void writeAccountValue(user.id, lastSessionKey, session);
    void clearOtherAccountStores(user.id);
    const stored = readStoredAuth();
    // Only write when something changed, so tabs reacting to each other's writes never ping-pong.
    if (issuedAt !== null) writeStoredAuth({ signedIn: true, userId: user.id, at: issuedAt });
    else if (!stored?.signedIn || stored.userId !== user.id)
      // Cookies of unknown age (first load without our key): let the timer refresh them soon.
      writeStoredAuth({ signedIn: true, userId: user.id, at: 0 });
  }, []);

  const setSignedOut = useCallback((expired: boolean) => {
    const hadUser = userRef.current !== null;
    const stored = readStoredAuth();
    // Whoever was signed in (or, at start-up, was last): their offline data goes with the session.
    const endedUserId = userRef.current?.id ?? stored?.userId;
    if (endedUserId) void clearAccountStore(endedUserId);
    userRef.current = null;
    setState({ status: 'ready', user: null });
    setProfile(null);
    if (expired && hadUser) setNotice(messages.auth.sessionExpired);
    if (stored?.signedIn) writeStoredAuth({ signedIn: false, userId: null, at: Date.now() });
  }, []);

  /**
   * Start-up and re-reads: the session, else a silent refresh when this browser was signed in. The first
   * read uses the check the page started as it booted, if any (main.tsx).
   */
  const load = useCallback(async () => {
    const session = await (takeStartedSessionCheck() ?? fetchSession());
    if (session?.user) {
      setSignedIn(session, null);
      return;
    }
    const stored = readStoredAuth();
    if (stored?.signedIn) {
      const outcome = await refreshSession();
      // onSessionRefresh below applies 'refreshed' and 'expired'. A network failure (offline, or the
      // server down) opens the app as the account last seen here, from what the device kept; it asks
      // again when the network returns. Without a kept session it reads as signed out for now, without
      // the expired message, since the session may well be alive.
      if (outcome.kind === 'failed') {
        const kept = await lastKnownSession(stored.userId);
        userRef.current = kept?.user ?? null;
        setState({ status: 'ready', user: kept?.user ?? null });
        setProfile(kept?.profile ?? null);
        setUnconfirmed(kept !== null);
      } else if (outcome.kind === 'expired') {
        setNotice(messages.auth.sessionExpired);
      }
      return;
    }
    setSignedOut(false);
  }, [setSignedIn, setSignedOut]);

  // Refresh outcomes, whoever asked (this context's timer or the API client retrying a 401).
  useEffect(
    () =>
      onSessionRefresh((outcome) => {
        if (outcome.kind === 'refreshed') setSignedIn(outcome.session, Date.now());
        else if (outcome.kind === 'expired') setSignedOut(true);
      }),
    [setSignedIn, setSignedOut],
  );

  useEffect(() => {
    void load();
  }, [load]);

  // Opened offline as the last known account: confirm with the server as soon as it can be reached.
  useEffect(() => {
    if (!unconfirmed) return;
    const onOnline = () => {
      setUnconfirmed(false);
      void load();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [unconfirmed, load]);

  // Another tab signed in, out, or as someone else: re-read the session (cookies are shared).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== authStorageKey && event.key !== null) return;
      const next = parseStoredAuth(event.newValue);
      const current = userRef.current;
      const sameUser = Boolean(next?.signedIn) && next?.userId === (current?.id ?? null);
      if (!sameUser && (current !== null || next?.signedIn)) void load();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [load]);

  // The refresh timer. `at` is shared by all tabs, so whichever tab refreshes first spares the others.
  const userId = state.user?.id ?? null;
  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      const at = readStoredAuth()?.at ?? 0;
      const due = at + refreshAfterMs - Date.now();
      if (due <= 0) void refreshSession().then(schedule);
      else timer = setTimeout(check, due);
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(check, refreshAfterMs);
    };
    // A background tab's timers are throttled; check again when the tab comes back.
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId]);

  const applySession = useCallback(
    (session: SessionResponse) => setSignedIn(session, Date.now()),
    [setSignedIn],
  );

  const signOut = useCallback(async () => {
    let response: Response;
    try {
      response = await fetch('/api/auth/signout', { method: 'POST', credentials: 'same-origin' });
    } catch {
      throw new Error(messages.auth.failedSignOut);
    }
    // A 401 means the server had already ended the session: signed out either way.
    if (!response.ok && response.status !== 401) throw new Error(messages.auth.failedSignOut);
    setSignedOut(false);
  }, [setSignedOut]);

  const signedOut = useCallback(
    (options: { clearLocalState?: boolean; notice?: string } = {}) => {
      setSignedOut(false);
      if (options.notice) setNotice(options.notice);
      // Removing our keys also tells the other tabs (their storage event sees the key go).
      if (options.clearLocalState) clearOwnLocalState();
    },
    [setSignedOut],
  );

  const dismissNotice = useCallback(() => setNotice(null), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      profile,
      notice,
      refresh: load,
      applySession,
      signOut,
      signedOut,
      dismissNotice,
    }),
    [state, profile, notice, load, applySession, signOut, signedOut, dismissNotice],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * The account's IANA time zone (due times and "today" are read in it), where an AuthProvider may be
 * absent; null while unknown, and then the browser's zone is meant.
 */
export function useAccountTimeZone(): string | null {
  return useContext(AuthContext)?.profile?.timeZone ?? null;
}

/**
 * Whether someone is signed in, where an AuthProvider may be absent (a public page drawn on its own):
 * false until the session is known, so a page shows its signed-out look first.
 */
export function useSignedIn(): boolean {
  return useContext(AuthContext)?.state.user != null;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
