import { PageShell } from '../components/layout/page-shell.tsx';

export function ResetPasswordPage() {
  return <PageShell title="Set a new password" />;
}
