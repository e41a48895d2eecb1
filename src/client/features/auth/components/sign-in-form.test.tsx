import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { apiError, renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { SignInForm } from './sign-in-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function signIn(email = 'ann@example.com', password = 'Secret1!') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign-in form', () => {
  it('requires an e-mail and a password before asking the server', async () => {
    const calls = stubApi({});
    const user = userEvent.setup();
    renderScreen(<SignInForm />, { path: '/auth/signin' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText(messages.validation.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.passwordRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/signin')).toBe(false);
  });

  it.each([
    [apiError(401, 'invalid_credentials', 'whatever the server says'), messages.auth.invalidCredentials],
    [apiError(429, 'rate_limited', 'slow down'), messages.auth.rateLimited],
    [apiError(401, 'session_expired', 'expired'), messages.auth.sessionExpired],
    [apiError(400, 'something_new', 'A message of its own'), 'A message of its own'],
    [apiError(500, 'internal_error', 'Internal'), messages.auth.signInFailed],
    ['network-error' as const, messages.auth.signInFailed],
  ])('maps a failed sign-in to the catalogue message (%#)', async (reply, shown) => {
    stubApi({ 'POST /api/auth/signin': reply });
    renderScreen(<SignInForm />, { path: '/auth/signin' });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.queryByRole('button', { name: 'Resend confirmation email' })).not.toBeInTheDocument();
  });

  it('offers to resend the confirmation mail when the address is not confirmed yet', async () => {
    const calls = stubApi({
      'POST /api/auth/signin': apiError(403, 'email_not_confirmed', 'Email not confirmed'),
      'POST /api/auth/resend-confirmation': { status: 202, body: { ok: true } },
    });
    renderScreen(<SignInForm />, { path: '/auth/signin' });
    const user = await signIn('new@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.emailNotConfirmed);
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText(messages.auth.confirmationResent)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/resend-confirmation')?.body).toEqual({
      email: 'new@example.com',
    });
  });

  it('when sign-in is paused (429) offers a one-time sign-in link by e-mail', async () => {
    const calls = stubApi({
      'POST /api/auth/signin': apiError(429, 'rate_limited', 'slow down'),
      'POST /api/auth/signin-link': { status: 202, body: { ok: true } },
    });
    renderScreen(<SignInForm />, { path: '/auth/signin' });
    const user = await signIn('locked@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.rateLimited);
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText(messages.auth.signInLinkSent)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/signin-link')?.body).toEqual({
      email: 'locked@example.com',
    });
  });

  it('sends remember me and returns to the remembered page after signing in', async () => {
    const calls = stubApi({ 'POST /api/auth/signin': { status: 200, body: signedInSession } });
    renderScreen(<SignInForm />, { path: '/auth/signin', state: { from: '/checkout/success?x=1' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await signIn();
    expect(await screen.findByTestId('location')).toHaveTextContent('/checkout/success');
    expect(calls.find((call) => call.path === '/api/auth/signin')?.body).toEqual({
      email: 'ann@example.com',
      password: 'Secret1!',
      rememberMe: true,
    });
    // Other tabs learn of the sign-in through the shared, non-secret key.
    expect(JSON.parse(localStorage.getItem('jotlist-auth-token') ?? '{}')).toMatchObject({
      signedIn: true,
      userId: signedInSession.user.id,
    });
  });

  it('shows a message handed over by the previous screen', async () => {
    stubApi({});
    renderScreen(<SignInForm />, {
      path: '/auth/signin',
      state: { message: messages.auth.passwordUpdatedSignIn },
    });
    expect(screen.getByRole('status')).toHaveTextContent(messages.auth.passwordUpdatedSignIn);
  });

  it('says the session expired when this browser was signed in and the refresh fails', async () => {
    localStorage.setItem('jotlist-auth-token', JSON.stringify({ signedIn: true, userId: 'x', at: 1 }));
    stubApi({ 'POST /api/auth/refresh': apiError(401, 'session_expired', 'Expired') });
    renderScreen(<SignInForm />, { path: '/auth/signin' });
    expect(await screen.findByText(messages.auth.sessionExpired)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('jotlist-auth-token') ?? '{}')).toMatchObject({ signedIn: false });
  });
});
