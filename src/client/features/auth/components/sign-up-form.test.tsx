import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { renderScreen, stubApi } from '../../../test/auth-test-helpers.tsx';
import { SignUpForm } from './sign-up-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const v = messages.validation;

describe('sign-up form', () => {
  it('lists every unmet requirement live and keeps submit disabled until the form is valid', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderScreen(<SignUpForm />, { path: '/auth/signup' });
    const submit = screen.getByRole('button', { name: 'Create account' });
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(screen.getByText(messages.auth.requirementsNotMet)).toBeInTheDocument();
    const unmet = within(screen.getByRole('list', { name: 'Unmet password requirements' }));
    expect(unmet.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      v.passwordTooShort,
      v.passwordUppercase,
      v.passwordNumber,
      v.passwordSpecial,
    ]);
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Password'), 'defG1!');
    expect(screen.getByText(messages.auth.strongPassword)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Unmet password requirements' })).not.toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Confirm password'), 'abcdefG1');
    await user.tab();
    expect(screen.getByText(v.passwordsDoNotMatch)).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Confirm password'), '!');
    expect(screen.queryByText(v.passwordsDoNotMatch)).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it('shows only the first failing message under each field once it is left', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderScreen(<SignUpForm />, { path: '/auth/signup' });
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    expect(screen.getByText(v.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ann@example');
    expect(screen.getByText(v.emailInvalid)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'ABCDEFGH');
    await user.tab();
    // The strength list names all three unmet rules; the field error names only the first.
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringMatching(new RegExp(`^${v.passwordLowercase}`)),
    );
    await user.click(screen.getByLabelText('Confirm password'));
    await user.tab();
    expect(screen.getByText(v.confirmRequired)).toBeInTheDocument();
  });

  it('shows a check-your-email message, then goes to sign in with a message after 3 s', async () => {
    const calls = stubApi({ 'POST /api/auth/signup': { status: 202, body: { ok: true } } });
    const user = userEvent.setup();
    renderScreen(<SignUpForm />, { path: '/auth/signup' });
    await user.type(screen.getByLabelText('Email'), ' ann@example.com ');
    await user.type(screen.getByLabelText('Password'), 'Abcdef1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Abcdef1!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(messages.auth.checkEmail)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/signup')?.body).toEqual({
      email: 'ann@example.com',
      password: 'Abcdef1!',
      confirmPassword: 'Abcdef1!',
      // The starter tasks' due dates count from today where the browser is.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(await screen.findByTestId('location', {}, { timeout: 4000 })).toHaveTextContent(
      `/auth/signin ${JSON.stringify({ message: messages.auth.signUpDone })}`,
    );
  });

  it('shows the password toggle with the name of what it does', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderScreen(<SignUpForm />, { path: '/auth/signup' });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});
