import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { AuthProvider } from '../auth-context.tsx';
import { apiError, signedInSession, stubApi } from '../auth-test-helpers.tsx';
import { EmailCallback } from './email-callback.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderCallback(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth/callback', element: <EmailCallback /> },
      { path: '*', element: <p data-testid="location">elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  // StrictMode runs effects twice: the single-use token must still be sent once.
  render(
    <StrictMode>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </StrictMode>,
  );
  return router;
}

describe('e-mail confirmation callback', () => {
  it('confirms the token once, signs in, and goes home after 2 s', async () => {
    const calls = stubApi({ 'POST /api/auth/confirm-email': { status: 200, body: signedInSession } });
    const router = renderCallback('/auth/callback?token=tok-1');
    expect(await screen.findByText(messages.auth.emailConfirmed)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/confirm-email')).toEqual([
      { method: 'POST', path: '/api/auth/confirm-email', body: { token: 'tok-1' } },
    ]);
    await screen.findByTestId('location', {}, { timeout: 3000 });
    expect(router.state.location.pathname).toBe('/');
  });

  it('uses the e-mail change endpoint for type=email_change', async () => {
    const calls = stubApi({
      'POST /api/account/confirm-email-change': { status: 200, body: signedInSession },
    });
    renderCallback('/auth/callback?type=email_change&token=tok-2');
    expect(await screen.findByText(messages.auth.emailConfirmed)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/account/confirm-email-change')).toHaveLength(1);
  });

  it('says there is no session and goes to sign in after 3 s when the token is refused', async () => {
    stubApi({ 'POST /api/auth/confirm-email': apiError(400, 'invalid_token', 'Invalid') });
    const router = renderCallback('/auth/callback?token=used');
    expect(await screen.findByText(messages.auth.noSessionFound)).toBeInTheDocument();
    await screen.findByTestId('location', {}, { timeout: 4000 });
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it('says the same without any token', async () => {
    const calls = stubApi({});
    renderCallback('/auth/callback');
    expect(await screen.findByText(messages.auth.noSessionFound)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
