import { PageShell } from '../components/layout/page-shell.tsx';

export function TermsPage() {
  return <PageShell title="Terms of Service" />;
}
