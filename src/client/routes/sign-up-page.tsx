import { messages } from '../../shared/messages.ts';
import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { AuthLayout, linkClass } from '../features/auth/components/auth-layout.tsx';
import { SignUpForm } from '../features/auth/components/sign-up-form.tsx';
import { Link } from '../lib/router.tsx';

export function SignUpPage() {
  useDocumentTitle('Sign up');
  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        <>
          <span className="font-medium text-blue-700">{messages.auth.startTrial}</span>. No credit card
          needed.
        </>
      }
      footer={
        <>
          Already have an account?{' '}
          <Link to="/auth/signin" className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthLayout>
  );
}
