import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { createMemoryLocation, MemoryRouter } from '../../../lib/memory-router.tsx';
import { Route, Switch } from '../../../lib/router.tsx';
import { apiError, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { AuthProvider } from '../auth-context.tsx';
import { EmailCallback } from './email-callback.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderCallback(url: string) {
  const location = createMemoryLocation(url);
  // StrictMode runs effects twice: the single-use token must still be sent once.
  render(
    <StrictMode>
      <AuthProvider>
        <MemoryRouter location={location}>
          <Switch>
            <Route path="/auth/callback">
              <EmailCallback />
            </Route>
            <Route>
              <p data-testid="location">elsewhere</p>
            </Route>
          </Switch>
        </MemoryRouter>
      </AuthProvider>
    </StrictMode>,
  );
  return location;
}

describe('e-mail confirmation callback', () => {
  it('confirms the token once, signs in, and goes home after 2 s', async () => {
    const calls = stubApi({ 'POST /api/auth/confirm-email': { status: 200, body: signedInSession } });
    const location = renderCallback('/auth/callback?token=tok-1');
    expect(await screen.findByText(messages.auth.emailConfirmed)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/confirm-email')).toEqual([
      { method: 'POST', path: '/api/auth/confirm-email', body: { token: 'tok-1' } },
    ]);
    await screen.findByTestId('location', {}, { timeout: 3000 });
    expect(location.current().pathname).toBe('/');
  });

  it('uses the e-mail change endpoint for type=email_change', async () => {
    const calls = stubApi({
      'POST /api/account/confirm-email-change': { status: 200, body: signedInSession },
    });
    renderCallback('/auth/callback?type=email_change&token=tok-2');
    expect(await screen.findByText(messages.auth.emailConfirmed)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/account/confirm-email-change')).toHaveLength(1);
  });

  it('signs in with a one-time sign-in link for type=signin_link', async () => {
    const calls = stubApi({
      'POST /api/auth/signin-link/redeem': { status: 200, body: signedInSession },
    });
    renderCallback('/auth/callback?type=signin_link&token=tok-3');
    expect(await screen.findByText(messages.auth.signedInByLink)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/signin-link/redeem')).toEqual([
      { method: 'POST', path: '/api/auth/signin-link/redeem', body: { token: 'tok-3' } },
    ]);
  });

  it('with two-step sign-in on, goes to sign-in for the code instead of signing in', async () => {
    const secondStep = { pendingToken: 'p', expiresAt: '2030-01-01T00:00:00.000Z', methods: ['totp'] };
    stubApi({
      'POST /api/auth/signin-link/redeem': { status: 200, body: { user: null, profile: null, secondStep } },
    });
    renderCallback('/auth/callback?type=signin_link&token=tok-4');
    expect(await screen.findByTestId('location')).toHaveTextContent('elsewhere');
    expect(screen.queryByText(messages.auth.signedInByLink)).not.toBeInTheDocument();
    expect(localStorage.getItem('jotlist-auth-token')).toBeNull();
  });

  it('says a refused link is invalid or expired, stays, and mails a new confirmation link', async () => {
    const calls = stubApi({
      'POST /api/auth/confirm-email': apiError(
        400,
        'invalid_token',
        'No session found. Please try signing in again.',
      ),
      'POST /api/auth/resend-confirmation': { status: 202, body: { ok: true } },
    });
    const location = renderCallback('/auth/callback?token=used');
    expect(await screen.findByText(messages.auth.invalidLink)).toBeInTheDocument();
    expect(screen.queryByText(messages.auth.noSessionFound)).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send a new confirmation link' }));
    expect(await screen.findByText(messages.validation.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), ' ann@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send a new confirmation link' }));
    expect(await screen.findByText(messages.auth.confirmationResent)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/resend-confirmation')).toEqual([
      { method: 'POST', path: '/api/auth/resend-confirmation', body: { email: 'ann@example.com' } },
    ]);
    // No redirect took the form away while the person was typing.
    await new Promise((resolve) => setTimeout(resolve, 3200));
    expect(location.current().pathname).toBe('/auth/callback');
  }, 8000);

  it('shows the resend failure with the spec fallback', async () => {
    stubApi({
      'POST /api/auth/confirm-email': apiError(400, 'invalid_token', 'Invalid'),
      'POST /api/auth/resend-confirmation': 'network-error',
    });
    renderCallback('/auth/callback?token=old');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new confirmation link' }));
    expect(await screen.findByText(messages.auth.resendFailed)).toBeInTheDocument();
  });

  it('for a refused e-mail change link, says so and points to Settings (no resend form)', async () => {
    stubApi({ 'POST /api/account/confirm-email-change': apiError(400, 'invalid_token', 'Invalid') });
    renderCallback('/auth/callback?type=email_change&token=used');
    expect(await screen.findByText(messages.auth.invalidLink)).toBeInTheDocument();
    expect(screen.getByText(/change your email again in Settings/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('on a failure other than the link, says so and goes to sign in after 3 s', async () => {
    stubApi({ 'POST /api/auth/confirm-email': 'network-error' });
    const location = renderCallback('/auth/callback?token=tok-3');
    expect(await screen.findByText(messages.auth.unexpected)).toBeInTheDocument();
    await screen.findByTestId('location', {}, { timeout: 4000 });
    expect(location.current().pathname).toBe('/auth/signin');
  });

  it('says there is no session without any token', async () => {
    const calls = stubApi({});
    renderCallback('/auth/callback');
    expect(await screen.findByText(messages.auth.noSessionFound)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
