import { PageShell } from '../components/layout/page-shell.tsx';

export function BlogListPage() {
  return <PageShell title="Blog" />;
}
