import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { apiError, renderScreen, stubApi } from '../../../test/auth-test-helpers.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('reset-password form', () => {
  it('without a token says the link is invalid and offers a new one', () => {
    stubApi({});
    renderScreen(<ResetPasswordForm />, { path: '/auth/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent(messages.auth.invalidResetLink);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says the same when the server refuses the token', async () => {
    const calls = stubApi({ 'POST /api/auth/reset-password': apiError(400, 'invalid_token', 'Invalid') });
    const user = userEvent.setup();
    renderScreen(<ResetPasswordForm />, {
      path: '/auth/reset-password',
      url: '/auth/reset-password?token=used',
    });
    await user.type(screen.getByLabelText('New password'), 'Newpass1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Newpass1!');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.invalidResetLink);
    expect(calls.find((call) => call.path === '/api/auth/reset-password')?.body).toEqual({
      token: 'used',
      password: 'Newpass1!',
      confirmPassword: 'Newpass1!',
    });
  });

  it('on success shows it, then goes to sign in with the spec message after 3 s', async () => {
    stubApi({ 'POST /api/auth/reset-password': { status: 200, body: { ok: true } } });
    const user = userEvent.setup();
    renderScreen(<ResetPasswordForm />, {
      path: '/auth/reset-password',
      url: '/auth/reset-password?token=t1',
    });
    await user.type(screen.getByLabelText('New password'), 'short');
    expect(screen.getByRole('button', { name: 'Update password' })).toBeDisabled();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Newpass1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Newpass1!');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.auth.passwordUpdatedSignIn);
    expect(await screen.findByTestId('location', {}, { timeout: 4000 })).toHaveTextContent(
      `/auth/signin ${JSON.stringify({ message: messages.auth.passwordUpdatedSignIn })}`,
    );
  });
});
