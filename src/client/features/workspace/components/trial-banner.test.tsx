import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { TrialBanner, trialEndsToday } from './trial-banner.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

// Local times: the rule is about the person's own calendar day, whatever their time zone.
const localNoon = new Date(2030, 0, 7, 12, 0);

function renderBanner(profile: object, subscription: object | null = null) {
  const onChoosePlan = vi.fn();
  const calls = stubApi({
    'GET /api/auth/session': { status: 200, body: { ...signedInSession, profile } },
    'GET /api/billing/subscription': { status: 200, body: { subscription, profile } },
  });
  renderScreen(<TrialBanner onChoosePlan={onChoosePlan} />, { path: '/app' });
  return { onChoosePlan, calls };
}

const trialEnding = (end: Date, daysRemaining: number) => ({
  ...signedInSession.profile,
  trialEndDate: end.toISOString(),
  daysRemaining,
});

describe('trial banner: the last day', () => {
  it('says "Your trial ends today" on the trial\'s last local calendar day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(localNoon);
    // Ends at 18:00 today: rounded up, one day remains, yet this is the last day.
    renderBanner(trialEnding(new Date(2030, 0, 7, 18, 0), 1));
    const banner = await screen.findByRole('region', { name: 'Trial status' });
    expect(banner).toHaveTextContent(messages.workspace.trialEndsToday);
    expect(banner).toHaveTextContent(messages.workspace.trialUpgrade);
  });

  it('counts days while the end is on a later day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(localNoon);
    renderBanner(trialEnding(new Date(2030, 0, 8, 9, 0), 1));
    const banner = await screen.findByRole('region', { name: 'Trial status' });
    expect(banner).toHaveTextContent(`1 day ${messages.workspace.trialDaysLeftSuffix}`);
    expect(banner).not.toHaveTextContent(messages.workspace.trialEndsToday);
  });

  it('treats an end at midnight as the end of the day before', () => {
    const midnight = new Date(2030, 0, 8, 0, 0);
    expect(trialEndsToday(midnight.toISOString(), new Date(2030, 0, 7, 23, 30))).toBe(true);
    expect(trialEndsToday(midnight.toISOString(), new Date(2030, 0, 8, 0, 0))).toBe(false);
    expect(trialEndsToday(midnight.toISOString(), new Date(2030, 0, 6, 23, 30))).toBe(false);
  });
});

describe('trial banner: who sees it', () => {
  it('opens billing from its action', async () => {
    const { onChoosePlan } = renderBanner(signedInSession.profile);
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
    expect(onChoosePlan).toHaveBeenCalledOnce();
  });

  it('is hidden once the subscription is active, even while the profile still says trial', async () => {
    const { calls } = renderBanner(signedInSession.profile, {
      status: 'active',
      currentPeriodEnd: 1_900_000_000,
      cancelAtPeriodEnd: false,
      priceId: 'price_test_yearly',
      planId: 'yearly',
      paymentMethodBrand: 'visa',
      paymentMethodLast4: '4242',
    });
    // The subscription read settles before the banner decides.
    await vi.waitFor(() =>
      expect(calls.some((call) => call.path === '/api/billing/subscription')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Trial status' })).toBeNull();
  });

  it('is hidden for an active account', async () => {
    renderBanner({ ...signedInSession.profile, isTrial: false, accountStatus: 'active' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Trial status' })).toBeNull();
  });

  it('shows a read-only account why it cannot edit and how to pay', async () => {
    const { onChoosePlan } = renderBanner({
      ...signedInSession.profile,
      accountStatus: 'expired',
      daysRemaining: 0,
      readOnly: true,
    });
    const banner = await screen.findByRole('region', { name: 'Trial status' });
    expect(banner).toHaveTextContent(messages.api.readOnly);
    await userEvent.click(screen.getByRole('button', { name: 'Choose a plan' }));
    expect(onChoosePlan).toHaveBeenCalledOnce();
  });
});
