import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { apiError, renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { SignInForm } from './sign-in-form.tsx';

const t = messages.twoStep;
const secondStep = {
  pendingToken: 'pending-token',
  expiresAt: '2030-01-01T00:05:00.000Z',
  methods: ['totp', 'recovery_code'],
};
const needsSecondStep = { status: 200, body: { user: null, profile: null, secondStep } };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function enterPassword() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret1!');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('two-step sign-in on the sign-in screen', () => {
  it('asks the code after a right password and signs in with it', async () => {
    const calls = stubApi({
      'POST /api/auth/signin': needsSecondStep,
      'POST /api/auth/second-step': { status: 200, body: signedInSession },
    });
    renderScreen(<SignInForm />, { path: '/auth/signin', state: { from: '/app' } });
    const user = await enterPassword();
    const field = await screen.findByLabelText(t.codeLabel);
    // Checked here first: nothing is sent for a code that cannot be right.
    await user.type(field, '12ab');
    await user.click(screen.getByRole('button', { name: t.verify }));
    expect(screen.getByText(t.codeFormat)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/second-step')).toBe(false);

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: t.verify }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/app');
    expect(calls.find((call) => call.path === '/api/auth/second-step')?.body).toEqual({
      pendingToken: 'pending-token',
      method: 'totp',
      code: '123 456',
    });
  });

  it('shows the server’s words for a wrong code, and offers to start again when the sign-in expired', async () => {
    stubApi({
      'POST /api/auth/signin': needsSecondStep,
      'POST /api/auth/second-step': apiError(401, 'invalid_code', t.wrongCode),
    });
    renderScreen(<SignInForm />, { path: '/auth/signin' });
    const user = await enterPassword();
    await user.type(await screen.findByLabelText(t.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: t.verify }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.wrongCode);
    expect(screen.queryByRole('button', { name: 'Sign in again' })).not.toBeInTheDocument();

    stubApi({ 'POST /api/auth/second-step': apiError(400, 'invalid_token', t.challengeExpired) });
    await user.click(screen.getByRole('button', { name: t.verify }));
    expect(await screen.findByText(t.challengeExpired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('switches to a recovery code and says how many are left before going on', async () => {
    const calls = stubApi({
      'POST /api/auth/signin': needsSecondStep,
      'POST /api/auth/second-step': { status: 200, body: { ...signedInSession, recoveryCodesRemaining: 1 } },
    });
    renderScreen(<SignInForm />, { path: '/auth/signin' });
    const user = await enterPassword();
    await user.click(await screen.findByRole('button', { name: t.useRecoveryCode }));
    await user.type(screen.getByLabelText(t.recoveryCodeLabel), 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: t.verify }));
    expect(await screen.findByText(t.recoveryUsed(1))).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/second-step')?.body).toMatchObject({
      method: 'recovery_code',
      code: 'abcd-efgh-jkmn-pqrs',
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/');
  });

  it('asks the code at once when a mailed sign-in link handed over a second step', () => {
    stubApi({});
    renderScreen(<SignInForm />, { path: '/auth/signin', state: { secondStep } });
    expect(screen.getByLabelText(t.codeLabel)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
