import { PageShell } from '../components/layout/page-shell.tsx';

export function AuthCallbackPage() {
  return <PageShell title="Confirming your email" />;
}
