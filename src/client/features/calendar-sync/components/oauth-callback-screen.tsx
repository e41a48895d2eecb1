import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { callbackProvider } from '../../../../shared/domain/oauth-callback.ts';
import { messages } from '../../../../shared/messages.ts';
import type { OAuthCallbackBody } from '../../../../shared/schemas/calendar-sync.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Link, useLocation, useNavigate, useSearchParams } from '../../../lib/router.tsx';
import { calendarSyncApi } from '../api.ts';
import { type CalendarReturnState, calendarReturnState } from '../return-state.ts';

const m = messages.calendar;
const successDelayMs = 2000;
const errorDelayMs = 3000;

type Outcome = { status: 'processing' } | { status: 'success' } | { status: 'error'; message: string };

// The state is single use: StrictMode runs effects twice and a remount would run them again, so each
// state is sent once per page load and every caller shares that one answer.
const callbacks = new Map<string, Promise<unknown>>();

function finishOnce(body: OAuthCallbackBody): Promise<unknown> {
  let pending = callbacks.get(body.state);
  if (!pending) {
    pending = calendarSyncApi.finishOAuth(body);
    callbacks.set(body.state, pending);
  }
  return pending;
}

/**
 * What to post: the answer's code, state and issuer, with the provider whose callback path it came
 * back to (the server refuses an answer brought to another provider's path). Null when something is
 * missing, or when the path is no provider's (`/`): nothing can be connected from there.
 */
function callbackBody(pathname: string, params: URLSearchParams): OAuthCallbackBody | null {
  const provider = callbackProvider(pathname);
  const code = params.get('code');
  const state = params.get('state');
  const iss = params.get('iss');
  if (params.has('error') || !provider || !code || !state) return null;
  return { provider, code, state, ...(iss ? { iss } : {}) };
}

/** The callback's validation and messages (docs/PRODUCT.md §5, §8), by what the server answered. */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return m.unexpected;
  if (error.status === 400) return m.invalidOAuthState;
  if (error.status === 401) return m.notAuthenticated;
  return m.saveIntegrationFailed;
}

/**
 * What the address says before anything is sent: a provider error or missing parameters end here, and
 * so does an answer at a path that is no provider's callback (the state cannot be matched from there).
 */
function initialOutcome(pathname: string, params: URLSearchParams): Outcome {
  const error = params.get('error');
  if (error !== null) return { status: 'error', message: m.oauthError(error) };
  if (!params.get('code') || !params.get('state'))
    return { status: 'error', message: m.missingOAuthParameters };
  if (!callbackProvider(pathname)) return { status: 'error', message: m.invalidOAuthState };
  return { status: 'processing' };
}

const headings = {
  processing: 'Connecting your calendar',
  success: 'Calendar connected',
  error: 'Calendar not connected',
} as const;

/**
 * The calendar-connection callback screen (docs/PRODUCT.md §2), at each provider's callback path (and at / when the
 * address has code and state, where it can only say why nothing was connected): processing, then success (back to the workspace's Settings → Calendars after 2 s) or an error (back
 * after 3 s). The heading takes focus at each state so a screen reader hears where it is; a link goes
 * back at once.
 */
export function OAuthCallbackScreen() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>(() => initialOutcome(pathname, params));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const back: { to: string; state: CalendarReturnState } = { to: '/app', state: calendarReturnState };

  useEffect(() => {
    const body = callbackBody(pathname, params);
    if (!body) return;
    let active = true;
    finishOnce(body).then(
      () => active && setOutcome({ status: 'success' }),
      (error: unknown) => active && setOutcome({ status: 'error', message: failureMessage(error) }),
    );
    return () => {
      active = false;
    };
  }, [pathname, params]);

  useEffect(() => {
    headingRef.current?.focus();
    if (outcome.status === 'processing') return;
    const timer = setTimeout(
      () => navigate(back.to, { replace: true, state: back.state }),
      outcome.status === 'success' ? successDelayMs : errorDelayMs,
    );
    return () => clearTimeout(timer);
  }, [outcome.status, navigate, back.to, back.state]);

  const Icon =
    outcome.status === 'processing' ? LoaderCircle : outcome.status === 'success' ? CircleCheck : CircleX;
  const tone =
    outcome.status === 'processing'
      ? 'bg-blue-50 text-blue-600'
      : outcome.status === 'success'
        ? 'bg-emerald-50 text-emerald-600'
        : 'bg-red-50 text-red-600';

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-slate-50 via-white to-blue-50/60 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white px-6 py-8 text-center shadow-sm sm:px-8">
        <span className={`mx-auto flex h-12 w-12 items-center justify-center rounded-full ${tone}`}>
          <Icon
            className={`h-6 w-6 ${outcome.status === 'processing' ? 'animate-spin' : ''}`}
            aria-hidden="true"
          />
        </span>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mt-4 text-xl font-bold tracking-tight text-slate-900 focus:outline-none"
        >
          {headings[outcome.status]}
        </h1>
        <div
          role={outcome.status === 'error' ? 'alert' : 'status'}
          className="mt-3 text-base font-medium text-slate-800"
        >
          {outcome.status === 'processing' ? messages.todos.processing : null}
          {outcome.status === 'success' ? m.connected : null}
          {outcome.status === 'error' ? outcome.message : null}
        </div>
        {outcome.status === 'processing' ? null : (
          <p className="mt-5 text-sm text-slate-600">
            Returning to your workspace…{' '}
            <Link
              to={back.to}
              replace
              state={back.state}
              className="font-medium text-blue-700 underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            >
              Go back now
            </Link>
          </p>
        )}
      </div>
    </main>
  );
}
