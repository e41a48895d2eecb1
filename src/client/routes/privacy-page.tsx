import { PageShell } from '../components/layout/page-shell.tsx';

export function PrivacyPage() {
  return <PageShell title="Privacy Policy" />;
}
