import { PageShell } from '../components/layout/page-shell.tsx';

export function BlogPostPage() {
  return <PageShell title="Blog post" />;
}
