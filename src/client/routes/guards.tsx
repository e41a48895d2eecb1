import type { ReactNode } from 'react';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { Navigate, useLocation } from '../lib/router.tsx';

/** Where a guarded page sends a visitor back after sign-in: carried in the navigation state. */
export interface ReturnToState {
  from?: string;
}

/** Signed-out visitors go to sign-in; the path they asked for is kept for after sign-in. */
export function Protected({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <FullScreenSpinner />;
  if (!state.user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/auth/signin" replace state={{ from } satisfies ReturnToState} />;
  }
  return children;
}

/** Sign-in and similar pages: a signed-in visitor goes to the remembered path, or /app. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <FullScreenSpinner />;
  if (state.user) {
    const from = (location.state as ReturnToState | null)?.from;
    return <Navigate to={from?.startsWith('/') && !from.startsWith('//') ? from : '/app'} replace />;
  }
  return children;
}

/** Blog admin pages: signed-out visitors go to the home page. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state.status === 'loading') return <FullScreenSpinner />;
  if (!state.user) return <Navigate to="/" replace />;
  return children;
}
