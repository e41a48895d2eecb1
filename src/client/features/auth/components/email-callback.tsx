import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '../../../../shared/messages.ts';
import type { SessionResponse } from '../../../../shared/schemas/auth.ts';
import { confirmEmail, confirmEmailChange } from '../auth-api.ts';
import { useAuth } from '../auth-context.tsx';
import { useRedirectAfter } from '../use-redirect-after.ts';

type Status = 'processing' | 'success' | 'error';

// Tokens are single use: React's StrictMode runs effects twice and a remount would run them again, so
// each token is sent once per page load and every caller shares that one answer.
const confirmations = new Map<string, Promise<SessionResponse>>();

function confirmOnce(token: string, emailChange: boolean): Promise<SessionResponse> {
  const key = `${emailChange ? 'change' : 'signup'}:${token}`;
  let pending = confirmations.get(key);
  if (!pending) {
    pending = emailChange ? confirmEmailChange(token) : confirmEmail(token);
    confirmations.set(key, pending);
  }
  return pending;
}

/**
 * The target of the confirmation mails: confirms the token (which signs the person in), then goes to /
 * after 2 s; otherwise says there is no session and goes to sign in after 3 s.
 */
export function EmailCallback() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const emailChange = params.get('type') === 'email_change';
  const { applySession } = useAuth();
  const [status, setStatus] = useState<Status>(token ? 'processing' : 'error');

  useEffect(() => {
    if (!token) return;
    let active = true;
    confirmOnce(token, emailChange).then(
      (session) => {
        if (!active) return;
        if (session.user) applySession(session);
        // An e-mail change is confirmed even when this browser is not signed in to that account.
        setStatus(session.user || emailChange ? 'success' : 'error');
      },
      () => {
        if (active) setStatus('error');
      },
    );
    return () => {
      active = false;
    };
  }, [token, emailChange, applySession]);

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
  const success = status === 'success';
  const Icon = success ? CircleCheck : CircleX;
  return (
    <div className="flex flex-col items-center gap-4 text-center" role={success ? 'status' : 'alert'}>
      <span
        className={`flex h-12 w-12 items-center justify-center rounded-full ${success ? 'bg-emerald-50 text-emerald-600' : 'bg-red-50 text-red-600'}`}
      >
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <p className="text-base font-semibold text-slate-900">
        {success ? messages.auth.emailConfirmed : messages.auth.noSessionFound}
      </p>
      <p className="text-xs text-slate-500">
        {success ? 'Opening your workspace…' : 'Taking you to sign in…'}
      </p>
    </div>
  );
}
