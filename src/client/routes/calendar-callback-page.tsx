import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { OAuthCallbackScreen } from '../features/calendar-sync/components/oauth-callback-screen.tsx';

/** `/?code=…&state=…` (or `?error=…`): loaded on demand by HomeRoute, so the landing page never carries it. */
export function CalendarCallbackPage() {
  useDocumentTitle('Connecting your calendar');
  return <OAuthCallbackScreen />;
}
