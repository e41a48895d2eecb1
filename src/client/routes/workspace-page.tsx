import { PageShell } from '../components/layout/page-shell.tsx';

export function WorkspacePage() {
  return <PageShell title="Workspace" />;
}
