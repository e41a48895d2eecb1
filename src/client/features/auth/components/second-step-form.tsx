import { type FormEvent, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type {
  SecondStep,
  SecondStepMethod,
  SecondStepResponse,
} from '../../../../shared/schemas/two-step.ts';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { completeSecondStep } from '../auth-api.ts';
import { authErrorMessage } from '../auth-errors.ts';
import { passkeysAvailable, signInWithPasskey } from '../passkey-api.ts';
import { linkClass } from './auth-layout.tsx';

const t = messages.twoStep;

/**
 * Two-step sign-in's second step: the code from the authenticator app, or (a link switches) one of the
 * recovery codes, or, when the account has one and the browser can use it, a passkey (its own sign-in,
 * complete by itself). The pending token lives 5 minutes; when it is spent or expired, "Sign in again"
 * returns to the password.
 */
export function SecondStepForm({
  secondStep,
  rememberMe = false,
  onDone,
  onRestart,
}: {
  secondStep: SecondStep;
  rememberMe?: boolean;
  onDone: (session: SecondStepResponse) => void;
  onRestart: () => void;
}) {
  const [method, setMethod] = useState<Exclude<SecondStepMethod, 'passkey'>>('totp');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [pending, setPending] = useState(false);

  function switchMethod() {
    setMethod((current) => (current === 'totp' ? 'recovery_code' : 'totp'));
    setCode('');
    setFieldError(null);
    setError(null);
  }

  async function onPasskey() {
    setPending(true);
    setError(null);
    try {
      onDone(await signInWithPasskey({ rememberMe }));
    } catch (caught) {
      setPending(false);
      setError(authErrorMessage(caught, messages.passkeys.cancelled));
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    const problem =
      method === 'totp'
        ? typed.length === 0
          ? t.codeRequired
          : /^\d{6}$/.test(typed.replace(/\s+/g, ''))
            ? null
            : t.codeFormat
        : typed.length === 0
          ? t.recoveryCodeRequired
          : null;
    setFieldError(problem);
    if (problem) return;
    setPending(true);
    setError(null);
    try {
      onDone(await completeSecondStep({ pendingToken: secondStep.pendingToken, method, code: typed }));
    } catch (caught) {
      setPending(false);
      // The server's own words: a wrong code, too many of them, an expired sign-in.
      setError(
        caught instanceof ApiError && caught.message ? caught.message : authErrorMessage(caught, t.failed),
      );
      setExpired(
        caught instanceof ApiError && (caught.code === 'invalid_token' || caught.code === 'rate_limited'),
      );
    }
  }

  const totp = method === 'totp';
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <h2 className="text-base font-semibold text-slate-900">{t.secondStepTitle}</h2>
      {error ? (
        <FormNotice tone="error">
          <p>{error}</p>
          {expired ? (
            <button type="button" onClick={onRestart} className={`mt-2 font-semibold ${linkClass}`}>
              Sign in again
            </button>
          ) : null}
        </FormNotice>
      ) : null}
      <TextField
        key={method}
        label={totp ? t.codeLabel : t.recoveryCodeLabel}
        name={totp ? 'code' : 'recovery-code'}
        autoComplete={totp ? 'one-time-code' : 'off'}
        inputMode={totp ? 'numeric' : 'text'}
        spellCheck={false}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fieldError}
      />
      <ActionButton type="submit" pending={pending} full>
        {t.verify}
      </ActionButton>
      <button type="button" onClick={switchMethod} className={`text-sm ${linkClass}`}>
        {totp ? t.useRecoveryCode : t.useAppCode}
      </button>
      {secondStep.methods.includes('passkey') && passkeysAvailable() ? (
        <ActionButton type="button" variant="secondary" disabled={pending} full onClick={onPasskey}>
          {messages.passkeys.signIn}
        </ActionButton>
      ) : null}
    </form>
  );
}
