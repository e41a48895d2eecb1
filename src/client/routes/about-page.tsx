import { PageShell } from '../components/layout/page-shell.tsx';

export function AboutPage() {
  return <PageShell title="About Jotlist" />;
}
