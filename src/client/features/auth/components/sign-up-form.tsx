import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { emailProblem, firstPasswordProblem } from '../../../../shared/domain/password-rules.ts';
import { messages } from '../../../../shared/messages.ts';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/browser-time-zone.ts';
import { Link } from '../../../lib/router.tsx';
import { signUp } from '../auth-api.ts';
import { authErrorMessage } from '../auth-errors.ts';
import { useRedirectAfter } from '../use-redirect-after.ts';
import { linkClass } from './auth-layout.tsx';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields.tsx';

type Field = 'email' | 'password' | 'confirmPassword';

/** Email, password with live strength feedback, confirmation; submit stays disabled until all is valid. */
export function SignUpForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverFields, setServerFields] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useRedirectAfter(sentTo !== null, 3000, '/auth/signin', { message: messages.auth.signUpDone });

  const emailError = emailProblem(email);
  const passwordErrors = newPasswordErrors(password, confirmPassword);
  const valid = !emailError && !firstPasswordProblem(password) && !passwordErrors.confirmPassword;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({ email: true, password: true, confirmPassword: true });
    if (!valid) return;
    setPending(true);
    setError(null);
    setServerFields({});
    try {
      await signUp({ email: email.trim(), password, confirmPassword, timeZone: browserTimeZone() });
      setSentTo(email.trim());
    } catch (caught) {
      setPending(false);
      if (caught instanceof ApiError && caught.code === 'validation_failed') setServerFields(caught.fields);
      setError(authErrorMessage(caught, messages.auth.signUpFailed));
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
          We sent a confirmation link to <strong className="font-semibold text-slate-800">{sentTo}</strong>.
          Open it to activate your account and start your trial.
        </p>
        <p className="text-xs text-slate-500">Taking you to sign in…</p>
      </div>
    );
  }

  const touch = (field: Field) => setTouched((value) => ({ ...value, [field]: true }));
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
        onBlur={() => touch('email')}
        error={(touched.email ? emailError : null) ?? serverFields.email}
      />
      <NewPasswordFields
        password={password}
        confirmPassword={confirmPassword}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirmPassword}
        touched={touched}
        onTouch={touch}
        serverErrors={serverFields}
      />
      <ActionButton type="submit" pending={pending} disabled={!valid} full>
        Create account
      </ActionButton>
      <p className="text-center text-xs leading-relaxed text-slate-500">
        By creating an account you agree to our{' '}
        <Link to="/terms" className={linkClass}>
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className={linkClass}>
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}
