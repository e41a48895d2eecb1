import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { AccountTab } from './account-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const sessionIn = (timeZone: string | null) => ({
  'GET /api/auth/session': {
    status: 200,
    body: { ...signedInSession, profile: { ...signedInSession.profile, timeZone } },
  },
});

describe('account settings: time zone', () => {
  it("shows the account's zone in a labelled select and saves another one", async () => {
    const calls = stubApi({
      ...sessionIn('Europe/Paris'),
      'PUT /api/account/time-zone': { status: 200, body: { ok: true } },
    });
    renderScreen(<AccountTab />, { path: '/app' });
    const region = within(await screen.findByRole('region', { name: 'Time zone' }));
    const select = region.getByLabelText('Time zone');
    expect(select).toHaveValue('Europe/Paris');
    expect(region.getByRole('option', { name: 'Australia/Lord Howe' })).toBeInTheDocument();
    await userEvent.setup().selectOptions(select, 'America/New_York');
    await vi.waitFor(() =>
      expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/account/time-zone')).toBe(
        true,
      ),
    );
    const put = calls.find((call) => call.path === '/api/account/time-zone');
    expect(put?.body).toEqual({ timeZone: 'America/New_York' });
  });

  it("defaults to the browser's zone while the account has none", async () => {
    stubApi(sessionIn(null));
    renderScreen(<AccountTab />, { path: '/app' });
    const region = within(await screen.findByRole('region', { name: 'Time zone' }));
    expect(region.getByLabelText('Time zone')).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
