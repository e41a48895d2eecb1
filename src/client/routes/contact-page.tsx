import { PageShell } from '../components/layout/page-shell.tsx';

export function ContactPage() {
  return <PageShell title="Contact us" />;
}
