import { PageShell } from '../components/layout/page-shell.tsx';

export function LandingPage() {
  return <PageShell title="Jotlist" />;
}
