import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signedInSession, stubApi } from '../../test/auth-test-helpers.tsx';
import { SettingsPanel } from './settings-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPanel(billing: 'stripe' | 'test' | 'off') {
  const calls = stubApi({
    'GET /api/auth/session': { status: 200, body: signedInSession },
    'GET /api/site': { status: 200, body: { supportEmail: 'support@localhost', trialDays: 7, billing } },
  });
  renderScreen(<SettingsPanel open onOpenChange={() => {}} />, { path: '/app' });
  return calls;
}

describe('settings panel: the Billing tab follows the server’s billing mode', () => {
  it('has no Billing tab when billing is off', async () => {
    const calls = renderPanel('off');
    expect(await screen.findByRole('tab', { name: 'Backup' })).toBeVisible();
    await vi.waitFor(() => expect(screen.queryByRole('tab', { name: 'Billing' })).toBeNull());
    expect(calls.some((call) => call.path === '/api/site')).toBe(true);
    expect(screen.getByRole('tab', { name: 'Account' })).toBeVisible();
    expect(calls.some((call) => call.path.startsWith('/api/billing/'))).toBe(false);
  });

  it.each(['test', 'stripe'] as const)('keeps the Billing tab in %s mode', async (mode) => {
    const calls = renderPanel(mode);
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/site')).toBe(true));
    expect(await screen.findByRole('tab', { name: 'Billing' })).toBeVisible();
  });
});
