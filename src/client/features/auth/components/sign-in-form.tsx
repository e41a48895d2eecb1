import { browserSupportsWebAuthnAutofill } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { SessionResponse } from '../../../../shared/schemas/auth.ts';
import type { SecondStep, SecondStepResponse } from '../../../../shared/schemas/two-step.ts';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { Link, useLocation, useNavigate } from '../../../lib/router.tsx';
import { requestSignInLink, resendConfirmation, signIn } from '../auth-api.ts';
import { useAuth } from '../auth-context.tsx';
import { type AuthNavigationState, authErrorMessage, safeReturnPath } from '../auth-errors.ts';
import { cancelPasskeyRequest, passkeysAvailable, signInWithPasskey } from '../passkey-api.ts';
import { linkClass } from './auth-layout.tsx';
import { SecondStepForm } from './second-step-form.tsx';

type ResendState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'sent' }
  | { kind: 'error'; message: string };

/** Email, password (show/hide), remember me; the catalogue's messages; resend for unconfirmed accounts. */
export function SignInForm() {
  const { applySession, notice } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const navState = (location.state as AuthNavigationState | null) ?? {};
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [notConfirmed, setNotConfirmed] = useState(false);
  const [resend, setResend] = useState<ResendState>({ kind: 'idle' });
  // Sign-in paused after too many failed attempts (429): offer a one-time link by e-mail instead.
  const [limited, setLimited] = useState(false);
  const [link, setLink] = useState<ResendState>({ kind: 'idle' });
  const [pending, setPending] = useState(false);
  // Two-step sign-in: the password (or a mailed link) was right; the code comes next.
  const [secondStep, setSecondStep] = useState<SecondStep | null>(navState.secondStep ?? null);
  // Signed in with a recovery code: say how many are left before going on.
  const [recovered, setRecovered] = useState<SecondStepResponse | null>(null);

  function finish(session: SessionResponse) {
    applySession(session);
    navigate(safeReturnPath(navState.from) ?? '/', { replace: true });
  }
  const [passkeyPending, setPasskeyPending] = useState(false);

  // Read by the background request below when it ends, so it uses the screen's latest state.
  const latest = useRef({ rememberMe, signedInWith: finish });
  latest.current = { rememberMe, signedInWith: finish };

  // Conditional UI: where the browser offers it, the account's passkeys appear among the e-mail field's
  // suggestions; picking one signs in. The request waits in the background and ends with the screen.
  useEffect(() => {
    let live = true;
    void (async () => {
      if (!passkeysAvailable() || !(await browserSupportsWebAuthnAutofill()) || !live) return;
      try {
        const session = await signInWithPasskey({ rememberMe: latest.current.rememberMe, autofill: true });
        if (live) latest.current.signedInWith(session);
      } catch (caught) {
        // Only a passkey the server refused is worth saying; a cancelled request (the button started
        // its own, the screen closed) or an options request that failed is not what the person did.
        if (live && caught instanceof ApiError && caught.code === 'passkey_refused')
          setError(messages.passkeys.refused);
      }
    })();
    return () => {
      live = false;
      cancelPasskeyRequest();
    };
  }, []);

  async function onPasskey() {
    setPasskeyPending(true);
    setError(null);
    try {
      finish(await signInWithPasskey({ rememberMe }));
    } catch (caught) {
      setPasskeyPending(false);
      setError(authErrorMessage(caught, messages.passkeys.cancelled));
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = {
      email: email.trim() ? undefined : messages.validation.emailRequired,
      password: password ? undefined : messages.validation.passwordRequired,
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setPending(true);
    setError(null);
    setNotConfirmed(false);
    setResend({ kind: 'idle' });
    setLimited(false);
    setLink({ kind: 'idle' });
    try {
      const session = await signIn({ email: email.trim(), password, rememberMe });
      if (session.secondStep) {
        setPending(false);
        setSecondStep(session.secondStep);
        return;
      }
      finish(session);
    } catch (caught) {
      setPending(false);
      setError(authErrorMessage(caught, messages.auth.signInFailed));
      setNotConfirmed(caught instanceof ApiError && caught.code === 'email_not_confirmed');
      setLimited(caught instanceof ApiError && caught.status === 429);
    }
  }

  async function onSendLink() {
    setLink({ kind: 'pending' });
    try {
      await requestSignInLink({ email: email.trim() });
      setLink({ kind: 'sent' });
    } catch (caught) {
      setLink({ kind: 'error', message: authErrorMessage(caught, messages.auth.signInLinkFailed) });
    }
  }

  async function onResend() {
    setResend({ kind: 'pending' });
    try {
      await resendConfirmation({ email: email.trim() });
      setResend({ kind: 'sent' });
    } catch (caught) {
      setResend({ kind: 'error', message: authErrorMessage(caught, messages.auth.resendFailed) });
    }
  }

  if (recovered) {
    return (
      <div className="space-y-5">
        <FormNotice tone="success">
          {messages.twoStep.recoveryUsed(recovered.recoveryCodesRemaining ?? 0)}
        </FormNotice>
        <ActionButton type="button" full onClick={() => finish(recovered)}>
          Continue
        </ActionButton>
      </div>
    );
  }
  if (secondStep) {
    return (
      <SecondStepForm
        secondStep={secondStep}
        rememberMe={rememberMe}
        onDone={(session) =>
          session.recoveryCodesRemaining === undefined ? finish(session) : setRecovered(session)
        }
        onRestart={() => {
          setSecondStep(null);
          setPassword('');
        }}
      />
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {navState.message ? <FormNotice tone="success">{navState.message}</FormNotice> : null}
      {notice && !error ? <FormNotice tone="info">{notice}</FormNotice> : null}
      {error ? (
        <FormNotice tone="error">
          <p>{error}</p>
          {notConfirmed ? (
            <MailOffer
              state={resend}
              onSend={onResend}
              label="Resend confirmation email"
              sent={messages.auth.confirmationResent}
            />
          ) : null}
          {limited ? (
            <MailOffer
              state={link}
              onSend={onSendLink}
              label="Email me a sign-in link"
              sent={messages.auth.signInLinkSent}
            />
          ) : null}
        </FormNotice>
      ) : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        // "webauthn": the browser may offer passkeys here (conditional UI, above).
        autoComplete="username webauthn"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
        labelAside={
          <Link to="/auth/forgot-password" className={`text-sm ${linkClass}`}>
            Forgot password?
          </Link>
        }
      />
      <label className="flex w-fit cursor-pointer items-center gap-2.5 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
          className="h-4 w-4 rounded border-slate-300 accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        />
        Remember me
      </label>
      <ActionButton type="submit" pending={pending} full>
        Sign in
      </ActionButton>
      {passkeysAvailable() ? (
        <ActionButton type="button" variant="secondary" pending={passkeyPending} onClick={onPasskey} full>
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          {messages.passkeys.signIn}
        </ActionButton>
      ) : null}
    </form>
  );
}

/** A button in the error notice that mails something (a confirmation, a sign-in link), then says so. */
function MailOffer({
  state,
  onSend,
  label,
  sent,
}: {
  state: ResendState;
  onSend: () => void;
  label: string;
  sent: string;
}) {
  if (state.kind === 'sent') {
    return (
      <p role="status" className="mt-2 font-medium">
        {sent}
      </p>
    );
  }
  return (
    <div className="mt-2.5 space-y-2">
      <button
        type="button"
        onClick={onSend}
        disabled={state.kind === 'pending'}
        className="rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
      >
        {state.kind === 'pending' ? 'Sending…' : label}
      </button>
      {state.kind === 'error' ? <p>{state.message}</p> : null}
    </div>
  );
}
