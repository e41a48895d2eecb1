import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { apiError, renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { AccountTab } from './account-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signedIn = { 'GET /api/auth/session': { status: 200, body: signedInSession } };
const section = (name: string) => within(screen.getByRole('region', { name }));

async function renderAccountTab(handlers: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({ ...signedIn, ...handlers });
  renderScreen(<AccountTab />, { path: '/app' });
  expect(await screen.findByText(signedInSession.user.email)).toBeInTheDocument();
  return { calls, user: userEvent.setup() };
}

describe('account settings: change password', () => {
  it('keeps Update Password disabled while any field is empty', async () => {
    const { user } = await renderAccountTab();
    const form = section('Change password');
    const button = form.getByRole('button', { name: 'Update Password' });
    expect(button).toBeDisabled();
    await user.type(form.getByLabelText('Current password'), 'Oldpass1!');
    await user.type(form.getByLabelText('New password'), 'Newpass1!');
    expect(button).toBeDisabled();
    await user.type(form.getByLabelText('Confirm new password'), 'N');
    expect(button).toBeEnabled();
    await user.clear(form.getByLabelText('Current password'));
    expect(button).toBeDisabled();
  });

  it('refuses a short or unconfirmed new password without asking the server', async () => {
    const { user, calls } = await renderAccountTab();
    const form = section('Change password');
    await user.type(form.getByLabelText('Current password'), 'Oldpass1!');
    await user.type(form.getByLabelText('New password'), 'Short1!');
    await user.type(form.getByLabelText('Confirm new password'), 'Short1!');
    await user.click(form.getByRole('button', { name: 'Update Password' }));
    expect(form.getByRole('alert')).toHaveTextContent(messages.validation.passwordTooShort);

    await user.type(form.getByLabelText('New password'), 'xx');
    await user.click(form.getByRole('button', { name: 'Update Password' }));
    expect(form.getByRole('alert')).toHaveTextContent(messages.validation.passwordsDoNotMatch);
    expect(calls.some((call) => call.path === '/api/account/password')).toBe(false);
  });

  it('shows the success notice, then lets it vanish; shows the server message on failure', async () => {
    let attempt = 0;
    const { user, calls } = await renderAccountTab({
      'PUT /api/account/password': () =>
        ++attempt === 1
          ? apiError(400, 'invalid_current_password', messages.auth.invalidCurrentPassword)
          : { status: 200, body: { ok: true } },
    });
    const form = section('Change password');
    const fill = async () => {
      await user.type(form.getByLabelText('Current password'), 'Oldpass1!');
      await user.type(form.getByLabelText('New password'), 'Newpass1!');
      await user.type(form.getByLabelText('Confirm new password'), 'Newpass1!');
      await user.click(form.getByRole('button', { name: 'Update Password' }));
    };
    await fill();
    expect(await form.findByRole('alert')).toHaveTextContent(messages.auth.invalidCurrentPassword);
    await user.clear(form.getByLabelText('Current password'));
    await user.clear(form.getByLabelText('New password'));
    await user.clear(form.getByLabelText('Confirm new password'));
    await fill();
    expect(await form.findByText(messages.auth.passwordUpdated)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/account/password').at(-1)?.body).toEqual({
      currentPassword: 'Oldpass1!',
      password: 'Newpass1!',
      confirmPassword: 'Newpass1!',
    });
    await vi.waitFor(() => expect(form.queryByText(messages.auth.passwordUpdated)).toBeNull(), {
      timeout: 4000,
    });
  });
});

describe('account settings: change e-mail', () => {
  it('needs an @, then says the verification mail is on its way', async () => {
    const { user, calls } = await renderAccountTab({
      'PUT /api/account/email': { status: 202, body: { ok: true } },
    });
    const form = section('Change email');
    await user.type(form.getByLabelText('New email'), 'ann.example.com');
    await user.type(form.getByLabelText('Current password'), 'Oldpass1!');
    await user.click(form.getByRole('button', { name: 'Update Email' }));
    expect(form.getByText(messages.validation.emailInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/account/email')).toBe(false);

    await user.clear(form.getByLabelText('New email'));
    await user.type(form.getByLabelText('New email'), 'ann@new.example');
    await user.click(form.getByRole('button', { name: 'Update Email' }));
    expect(await form.findByText(messages.auth.verificationSent)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/account/email')?.body).toEqual({
      currentPassword: 'Oldpass1!',
      email: 'ann@new.example',
    });
  });
});

describe('account settings: delete account', () => {
  it('asks twice and requires typing exactly DELETE, then signs out and clears local state', async () => {
    const { user, calls } = await renderAccountTab({
      'POST /api/account/reauth': { status: 200, body: { ok: true } },
      'DELETE /api/account': { status: 200, body: { ok: true } },
    });
    localStorage.setItem('jotlist-sidebar', 'collapsed');
    localStorage.setItem('someone-else', 'kept');
    await user.click(section('Delete account').getByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));

    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(messages.validation.passwordRequired);
    await user.type(dialog.getByLabelText(/your password/), 'Oldpass1!');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(messages.validation.typeDelete);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.clear(dialog.getByLabelText('Type DELETE to confirm'));
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/landing');
    expect(calls.find((call) => call.path === '/api/account/reauth')).toEqual({
      method: 'POST',
      path: '/api/account/reauth',
      body: { password: 'Oldpass1!' },
    });
    expect(calls.find((call) => call.method === 'DELETE')).toEqual({
      method: 'DELETE',
      path: '/api/account',
      body: { confirmation: 'DELETE' },
    });
    expect(localStorage.getItem('jotlist-sidebar')).toBeNull();
    expect(localStorage.getItem('jotlist-auth-token')).toBeNull();
    expect(localStorage.getItem('someone-else')).toBe('kept');
  });

  it('can be cancelled', async () => {
    const { user, calls } = await renderAccountTab();
    await user.click(section('Delete account').getByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });
});
