import { PageShell } from '../components/layout/page-shell.tsx';

export function ForgotPasswordPage() {
  return <PageShell title="Reset your password" />;
}
