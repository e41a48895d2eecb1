import { PageShell } from '../components/layout/page-shell.tsx';

export function SignInPage() {
  return <PageShell title="Sign in" />;
}
