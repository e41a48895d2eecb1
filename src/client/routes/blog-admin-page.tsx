import { PageShell } from '../components/layout/page-shell.tsx';

export function BlogAdminPage() {
  return <PageShell title="Blog Posts" />;
}
