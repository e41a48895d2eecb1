import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { AccountTab } from './account-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const m = messages.passkeys;
const passkey = {
  id: '0b7e3b5e-2f0a-4c43-9d1b-6a1d2e3f4a5b',
  name: 'Chrome on Linux',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
};

describe('Settings → Account → Passkeys', () => {
  it('lists the passkeys and removes one only after the password is confirmed', async () => {
    let listed = [passkey];
    const calls = stubApi({
      'GET /api/auth/session': { status: 200, body: signedInSession },
      'GET /api/account/passkeys': () => ({ status: 200, body: { passkeys: listed } }),
      'POST /api/account/reauth': { status: 200, body: { ok: true } },
      [`DELETE /api/account/passkeys/${passkey.id}`]: () => {
        listed = [];
        return { status: 200, body: { ok: true } };
      },
    });
    renderScreen(<AccountTab />, { path: '/app' });
    const list = await screen.findByRole('list', { name: m.title });
    expect(list).toHaveTextContent('Chrome on Linux');
    expect(list).toHaveTextContent(m.neverUsed);
    // jsdom has no WebAuthn: adding is not offered, and says why.
    expect(screen.queryByRole('button', { name: m.add })).not.toBeInTheDocument();
    expect(screen.getByText(m.unsupported)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: `${m.remove} Chrome on Linux` }));
    const dialog = await screen.findByRole('dialog', { name: m.removeTitle });
    await user.click(within(dialog).getByRole('button', { name: m.remove }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.validation.passwordRequired);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.type(within(dialog).getByLabelText(/your password/), 'Str0ng&Pass');
    await user.click(within(dialog).getByRole('button', { name: m.remove }));
    expect(await screen.findByText(m.removed)).toBeInTheDocument();
    expect(await screen.findByText(m.none)).toBeInTheDocument();
    const order = calls.map((call) => `${call.method} ${call.path}`);
    expect(order.indexOf('POST /api/account/reauth')).toBeLessThan(
      order.indexOf(`DELETE /api/account/passkeys/${passkey.id}`),
    );
    expect(calls.find((call) => call.path === '/api/account/reauth')?.body).toEqual({
      password: 'Str0ng&Pass',
    });
  });
});
