import { lazy } from 'react';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { Navigate, useSearchParams } from '../lib/router.tsx';

// Its own chunk: `/` is also the landing page's first download, and most visits never see this screen.
const CalendarCallbackPage = lazy(async () => ({
  default: (await import('./calendar-callback-page.tsx')).CalendarCallbackPage,
}));

/** The addresses an OAuth provider sends the browser back with: success (code, state) or `error`. */
const isOAuthReturn = (params: URLSearchParams) =>
  params.has('code') || params.has('state') || params.has('error');

/**
 * `/`: the calendar-connection callback when the address holds an OAuth answer (the screen itself says
 * `Missing OAuth parameters` when code or state is absent, and connects nothing from here: the providers
 * send their answers to their own callback paths); otherwise the workspace for a signed-in user
 * and the landing page for a visitor (the spec's / -> /app -> sign-in would greet a first-time visitor
 * with a sign-in form).
 */
export function HomeRoute() {
  const [params] = useSearchParams();
  const { state } = useAuth();
  if (isOAuthReturn(params)) return <CalendarCallbackPage />;
  if (state.status === 'loading') return <FullScreenSpinner />;
  return <Navigate to={state.user ? '/app' : '/landing'} replace />;
}
