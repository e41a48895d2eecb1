import { CircleCheck, CircleX, Link2Off, LoaderCircle } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { SignInResponse } from '../../../../shared/schemas/two-step.ts';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { Link, useNavigate, useSearchParams } from '../../../lib/router.tsx';
import { confirmEmail, confirmEmailChange, redeemSignInLink, resendConfirmation } from '../auth-api.ts';
import { useAuth } from '../auth-context.tsx';
import { type AuthNavigationState, authErrorMessage } from '../auth-errors.ts';
import { useRedirectAfter } from '../use-redirect-after.ts';
import { linkClass } from './auth-layout.tsx';

/** `invalid`: the server refused the token (used, expired, mistyped); `error`: anything else. */
type Status = 'processing' | 'success' | 'invalid' | 'error';

// Tokens are single use: React's StrictMode runs effects twice and a remount would run them again, so
// each token is sent once per page load and every caller shares that one answer.
const confirmations = new Map<string, Promise<SignInResponse>>();

/** Which mailed link this is: a sign-up confirmation, an e-mail change, or a one-time sign-in link. */
type LinkKind = 'signup' | 'email_change' | 'signin_link';

const redeem: Record<LinkKind, (token: string) => Promise<SignInResponse>> = {
  signup: confirmEmail,
  email_change: confirmEmailChange,
  signin_link: redeemSignInLink,
};

function confirmOnce(token: string, kind: LinkKind): Promise<SignInResponse> {
  const key = `${kind}:${token}`;
  let pending = confirmations.get(key);
  if (!pending) {
    pending = redeem[kind](token);
    confirmations.set(key, pending);
  }
  return pending;
}

function linkKind(type: string | null): LinkKind {
  return type === 'email_change' || type === 'signin_link' ? type : 'signup';
}

const refusedToken = (error: unknown) =>
  error instanceof ApiError && (error.code === 'invalid_token' || error.code === 'validation_failed');

/**
 * The target of the confirmation mails: confirms the token (which signs the person in), then goes to /
 * after 2 s. A link the server refuses (already used, expired) says so and offers a new one, and stays
 * on screen for that; with no token or no session the spec's "No session found" shows and sign-in
 * follows after 3 s.
 */
export function EmailCallback() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const kind = linkKind(params.get('type'));
  const emailChange = kind === 'email_change';
  const { applySession } = useAuth();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>(token ? 'processing' : 'error');
  const [failure, setFailure] = useState<string>(messages.auth.noSessionFound);

  useEffect(() => {
    if (!token) return;
    let active = true;
    confirmOnce(token, kind).then(
      (session) => {
        if (!active) return;
        if (session.secondStep) {
          // Two-step sign-in is on: the mailbox alone is not enough; sign-in asks the code next.
          const state: AuthNavigationState = { secondStep: session.secondStep };
          navigate('/auth/signin', { replace: true, state });
          return;
        }
        if (session.user) applySession(session);
        // An e-mail change is confirmed even when this browser is not signed in to that account.
        setStatus(session.user || emailChange ? 'success' : 'error');
      },
      (error: unknown) => {
        if (!active) return;
        if (refusedToken(error)) {
          setStatus('invalid');
          return;
        }
        setFailure(messages.auth.unexpected);
        setStatus('error');
      },
    );
    return () => {
      active = false;
    };
  }, [token, kind, emailChange, applySession, navigate]);

  useRedirectAfter(status === 'success', 2000, '/');
  useRedirectAfter(status === 'error', 3000, '/auth/signin');

  if (status === 'processing') {
    return (
      <div className="flex flex-col items-center gap-3 text-center" role="status">
        <LoaderCircle className="h-8 w-8 animate-spin text-blue-600" aria-hidden="true" />
        <p className="text-sm text-slate-600">Confirming your email…</p>
      </div>
    );
  }
  if (status === 'invalid') return <InvalidLink kind={kind} />;
  const success = status === 'success';
  const successText = kind === 'signin_link' ? messages.auth.signedInByLink : messages.auth.emailConfirmed;
  const Icon = success ? CircleCheck : CircleX;
  return (
    <div className="flex flex-col items-center gap-4 text-center" role={success ? 'status' : 'alert'}>
      <span
        className={`flex h-12 w-12 items-center justify-center rounded-full ${success ? 'bg-emerald-50 text-emerald-600' : 'bg-red-50 text-red-600'}`}
      >
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <p className="text-base font-semibold text-slate-900">{success ? successText : failure}</p>
      <p className="text-xs text-slate-500">
        {success ? 'Opening your workspace…' : 'Taking you to sign in…'}
      </p>
    </div>
  );
}

type Resend = { kind: 'idle' | 'pending' | 'sent' } | { kind: 'error'; message: string };

const invalidHint: Record<LinkKind, string> = {
  signup: 'It may have been used already. Enter your email and we will send you a new confirmation link.',
  email_change: 'Sign in and change your email again in Settings to get a new link.',
  signin_link: 'Sign-in links work once and for 15 minutes. Ask for a new one on the sign-in page.',
};

/** A used or expired link: says so, and for a sign-up confirmation mails a new link on request. */
function InvalidLink({ kind }: { kind: LinkKind }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [resend, setResend] = useState<Resend>({ kind: 'idle' });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    setFieldError(address ? null : messages.validation.emailRequired);
    if (!address) return;
    setResend({ kind: 'pending' });
    try {
      await resendConfirmation({ email: address });
      setResend({ kind: 'sent' });
    } catch (caught) {
      setResend({ kind: 'error', message: authErrorMessage(caught, messages.auth.resendFailed) });
    }
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <Link2Off className="h-6 w-6" aria-hidden="true" />
        </span>
        <p role="alert" className="text-base font-semibold text-slate-900">
          {messages.auth.invalidLink}
        </p>
        <p className="text-sm text-slate-600">{invalidHint[kind]}</p>
      </div>
      {kind !== 'signup' ? null : resend.kind === 'sent' ? (
        <FormNotice tone="success">{messages.auth.confirmationResent}</FormNotice>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {resend.kind === 'error' ? <FormNotice tone="error">{resend.message}</FormNotice> : null}
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
          <ActionButton type="submit" pending={resend.kind === 'pending'} full>
            Send a new confirmation link
          </ActionButton>
        </form>
      )}
      <p className="text-center text-sm">
        <Link to="/auth/signin" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
