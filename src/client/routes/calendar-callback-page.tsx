import { PageShell } from '../components/layout/page-shell.tsx';

export function CalendarCallbackPage() {
  return <PageShell title="Connecting your calendar" />;
}
