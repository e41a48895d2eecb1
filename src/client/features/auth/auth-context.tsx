import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export interface SessionUser {
  id: string;
  email: string;
}

export type AuthState = { status: 'loading'; user: null } | { status: 'ready'; user: SessionUser | null };

interface AuthContextValue {
  state: AuthState;
  /** Re-reads the session from the server (after sign-in, sign-out, or another tab's change). */
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function isSessionUser(value: unknown): value is SessionUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SessionUser).id === 'string' &&
    typeof (value as SessionUser).email === 'string'
  );
}

/**
 * Reads who is signed in from the server. The session itself lives in httpOnly cookies; nothing secret is
 * kept in the page. A failed or absent session reads as signed out.
 */
async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    const response = await fetch('/api/auth/session', { credentials: 'same-origin' });
    if (!response.ok) return null;
    const body = (await response.json()) as { user?: unknown };
    return isSessionUser(body.user) ? body.user : null;
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });

  const refresh = useCallback(async () => {
    const user = await fetchSessionUser();
    setState({ status: 'ready', user });
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo(() => ({ state, refresh }), [state, refresh]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
