import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { AuthLayout } from '../features/auth/components/auth-layout.tsx';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form.tsx';

export function ResetPasswordPage() {
  useDocumentTitle('Set a new password');
  return (
    <AuthLayout title="Set a new password" subtitle="Choose a strong password you don't use anywhere else.">
      <ResetPasswordForm />
    </AuthLayout>
  );
}
