import { CircleCheck, Link2Off } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { firstPasswordProblem } from '../../../../shared/domain/password-rules.ts';
import { messages } from '../../../../shared/messages.ts';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton, buttonClass } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { Link, useSearchParams } from '../../../lib/router.tsx';
import { resetPassword } from '../auth-api.ts';
import { useAuth } from '../auth-context.tsx';
import { authErrorMessage } from '../auth-errors.ts';
import { useRedirectAfter } from '../use-redirect-after.ts';
import { linkClass } from './auth-layout.tsx';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields.tsx';

type Field = 'password' | 'confirmPassword';

/** New password and confirmation for the single-use token in the address (?token=…). */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { refresh } = useAuth();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverFields, setServerFields] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [invalidLink, setInvalidLink] = useState(false);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  useRedirectAfter(done, 3000, '/auth/signin', { message: messages.auth.passwordUpdatedSignIn });

  if (!token || invalidLink) return <InvalidResetLink />;
  if (done) {
    return (
      <div className="space-y-4 text-center" role="status">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CircleCheck className="h-6 w-6" aria-hidden="true" />
        </span>
        <p className="text-sm font-medium text-slate-800">{messages.auth.passwordUpdatedSignIn}</p>
        <p className="text-xs text-slate-500">Taking you to sign in…</p>
      </div>
    );
  }

  const valid =
    !firstPasswordProblem(password) && !newPasswordErrors(password, confirmPassword).confirmPassword;
  const touch = (field: Field) => setTouched((value) => ({ ...value, [field]: true }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({ password: true, confirmPassword: true });
    if (!valid) return;
    setPending(true);
    setError(null);
    setServerFields({});
    try {
      await resetPassword({ token, password, confirmPassword });
      // The reset ended every session of that account; this tab may have held one of them.
      await refresh();
      setDone(true);
    } catch (caught) {
      setPending(false);
      if (caught instanceof ApiError && caught.code === 'invalid_token') {
        setInvalidLink(true);
        return;
      }
      if (caught instanceof ApiError && caught.code === 'validation_failed') setServerFields(caught.fields);
      setError(authErrorMessage(caught, messages.auth.updatePasswordFailed));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {error ? <FormNotice tone="error">{error}</FormNotice> : null}
      <NewPasswordFields
        passwordLabel="New password"
        password={password}
        confirmPassword={confirmPassword}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirmPassword}
        touched={touched}
        onTouch={touch}
        serverErrors={serverFields}
      />
      <ActionButton type="submit" pending={pending} disabled={!valid} full>
        Update password
      </ActionButton>
      <p className="text-center text-sm">
        <Link to="/auth/signin" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </form>
  );
}

function InvalidResetLink() {
  return (
    <div className="space-y-5 text-center">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
        <Link2Off className="h-6 w-6" aria-hidden="true" />
      </span>
      <p role="alert" className="text-sm font-medium text-slate-800">
        {messages.auth.invalidResetLink}
      </p>
      <Link to="/auth/forgot-password" className={buttonClass('primary', true)}>
        Request a new reset link
      </Link>
    </div>
  );
}
