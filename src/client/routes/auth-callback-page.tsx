import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { AuthLayout } from '../features/auth/components/auth-layout.tsx';
import { EmailCallback } from '../features/auth/components/email-callback.tsx';

export function AuthCallbackPage() {
  useDocumentTitle('Email confirmation');
  return (
    <AuthLayout title="Email confirmation">
      <EmailCallback />
    </AuthLayout>
  );
}
