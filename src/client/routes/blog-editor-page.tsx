import { PageShell } from '../components/layout/page-shell.tsx';

export function BlogEditorPage() {
  return <PageShell title="Edit post" />;
}
