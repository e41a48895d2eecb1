import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { OAuthCallbackScreen } from '../features/calendar-sync/components/oauth-callback-screen.tsx';

/**
 * Each provider's callback path (`/oauth/google/callback?code=…&state=…`, or `?error=…`), and `/` with an
 * OAuth answer: loaded on demand, so the landing page never carries it.
 */
export function CalendarCallbackPage() {
  useDocumentTitle('Connecting your calendar');
  return <OAuthCallbackScreen />;
}
