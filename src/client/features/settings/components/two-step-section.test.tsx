import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { apiError, renderScreen, stubApi } from '../../../test/auth-test-helpers.tsx';
import { TwoStepSection } from './two-step-section.tsx';

const t = messages.twoStep;
const passwordLabel = `${messages.auth.reauthTitle}: your password`;
const codes = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-${String(i).padStart(4, '2')}`);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Settings → Two-step sign-in', () => {
  it('turns on: password, then the QR code and key, a code, and the recovery codes once', async () => {
    let enabled = false;
    const calls = stubApi({
      'GET /api/account/two-step': () => ({
        status: 200,
        body: { enabled, recoveryCodesRemaining: enabled ? 10 : 0 },
      }),
      'POST /api/account/reauth': { status: 200, body: { ok: true } },
      'POST /api/account/two-step/setup': {
        status: 200,
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/x',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      },
      'POST /api/account/two-step/enable': () => {
        enabled = true;
        return { status: 200, body: { recoveryCodes: codes } };
      },
    });
    const user = userEvent.setup();
    renderScreen(<TwoStepSection />, { path: '/app' });
    await user.click(await screen.findByRole('button', { name: t.turnOn }));
    const dialog = within(screen.getByRole('dialog', { name: 'Turn on two-step sign-in' }));
    await user.type(dialog.getByLabelText(passwordLabel), 'Secret1!');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('img', { name: t.qrAlt })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg/),
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText(t.codeLabel), '12345');
    await user.click(screen.getByRole('button', { name: t.verify }));
    expect(screen.getByText(t.codeFormat)).toBeInTheDocument();
    await user.type(screen.getByLabelText(t.codeLabel), '6');
    await user.click(screen.getByRole('button', { name: t.verify }));

    const list = await screen.findByRole('list', { name: t.recoveryTitle });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(screen.getByRole('button', { name: t.download })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.done }));
    expect(await screen.findByText(t.turnedOn)).toBeInTheDocument();
    expect(await screen.findByText(t.recoveryLeft(10))).toBeInTheDocument();
    // The password is confirmed just before the set-up, as the delete dialog does before deleting.
    const order = calls
      .map((call) => `${call.method} ${call.path}`)
      .filter((call) => call.startsWith('POST'));
    expect(order).toEqual([
      'POST /api/account/reauth',
      'POST /api/account/two-step/setup',
      'POST /api/account/two-step/enable',
    ]);
    expect(calls.find((call) => call.path === '/api/account/two-step/enable')?.body).toEqual({
      code: '123456',
    });
  });

  it('turns off only with the right password, and says why not otherwise', async () => {
    let attempt = 0;
    const calls = stubApi({
      'GET /api/account/two-step': { status: 200, body: { enabled: true, recoveryCodesRemaining: 3 } },
      'POST /api/account/reauth': () =>
        ++attempt === 1
          ? apiError(400, 'invalid_current_password', messages.auth.invalidCurrentPassword)
          : { status: 200, body: { ok: true } },
      'DELETE /api/account/two-step': { status: 200, body: { ok: true } },
    });
    const user = userEvent.setup();
    renderScreen(<TwoStepSection />, { path: '/app' });
    expect(await screen.findByText(t.recoveryLeft(3))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.turnOff }));
    const dialog = within(screen.getByRole('dialog', { name: 'Turn off two-step sign-in' }));
    await user.type(dialog.getByLabelText(passwordLabel), 'Wrong1!');
    await user.click(dialog.getByRole('button', { name: t.turnOff }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(messages.auth.invalidCurrentPassword);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(dialog.getByRole('button', { name: t.turnOff }));
    expect(await screen.findByText(t.turnedOff)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
