import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { AuthLayout, linkClass } from '../features/auth/components/auth-layout.tsx';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form.tsx';
import { Link } from '../lib/router.tsx';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter your email and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/auth/signin" className={linkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
