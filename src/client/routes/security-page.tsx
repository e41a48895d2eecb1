import { PageShell } from '../components/layout/page-shell.tsx';

export function SecurityPage() {
  return <PageShell title="Security" />;
}
