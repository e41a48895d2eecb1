import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { emailProblem } from '../../../../shared/domain/password-rules.ts';
import { messages } from '../../../../shared/messages.ts';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Link } from '../../../lib/router.tsx';
import { requestPasswordReset } from '../auth-api.ts';
import { authErrorMessage } from '../auth-errors.ts';
import { linkClass } from './auth-layout.tsx';

/**
 * Asks for a reset link. The confirmation reads the same whether or not the address has an account:
 * the server answers identically, and so does this screen.
 */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = emailProblem(email);
    setFieldError(problem);
    if (problem) return;
    setPending(true);
    setError(null);
    try {
      await requestPasswordReset({ email: email.trim() });
      setSentTo(email.trim());
    } catch (caught) {
      setError(authErrorMessage(caught, messages.auth.resetEmailFailed));
    } finally {
      setPending(false);
    }
  }

  if (sentTo) {
    return (
      <div className="space-y-4 text-center" role="status">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-blue-50 text-blue-600">
          <MailCheck className="h-6 w-6" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">{messages.auth.checkEmail}</h2>
        <p className="text-sm text-slate-600">
          If an account exists for <strong className="font-semibold text-slate-800">{sentTo}</strong>, we sent
          a link to reset its password. The link works once and expires in 1 hour.
        </p>
        <p className="text-sm">
          <Link to="/auth/signin" className={linkClass}>
            Back to sign in
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {error ? <FormNotice tone="error">{error}</FormNotice> : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError}
      />
      <ActionButton type="submit" pending={pending} full>
        Send reset link
      </ActionButton>
    </form>
  );
}
