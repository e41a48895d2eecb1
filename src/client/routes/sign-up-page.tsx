import { PageShell } from '../components/layout/page-shell.tsx';

export function SignUpPage() {
  return <PageShell title="Create your account" />;
}
