import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { AuthLayout, linkClass } from '../features/auth/components/auth-layout.tsx';
import { SignInForm } from '../features/auth/components/sign-in-form.tsx';
import { Link } from '../lib/router.tsx';

export function SignInPage() {
  useDocumentTitle('Sign in');
  return (
    <AuthLayout
      title="Sign in to Jotlist"
      subtitle="Welcome back. Your notes and tasks are waiting."
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/auth/signup" className={linkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <SignInForm />
    </AuthLayout>
  );
}
