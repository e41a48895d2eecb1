import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import type { PlansResponse, Subscription } from '../../../../shared/schemas/billing.ts';
import { apiError, renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { BillingTab } from './billing-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  window.location.hash = '';
});

const plans: PlansResponse = {
  currency: 'usd',
  testMode: true,
  plans: [
    {
      id: 'monthly',
      priceId: 'price_test_monthly',
      name: 'Monthly Plan',
      description: 'Billed monthly',
      price: 5,
      interval: 'month',
      monthlyEquivalent: null,
      savings: null,
      savingsPercentage: null,
      popular: false,
    },
    {
      id: 'yearly',
      priceId: 'price_test_yearly',
      name: 'Yearly Plan',
      description: 'Billed annually',
      price: 50,
      interval: 'year',
      monthlyEquivalent: 4.17,
      savings: 10,
      savingsPercentage: 17,
      popular: true,
    },
  ],
};

const trialProfile = signedInSession.profile;
const expiredProfile = { ...trialProfile, accountStatus: 'expired', daysRemaining: 0, readOnly: true };
// 2030-01-08 12:00 UTC: a date every time zone shows as January 8 (or 7/9 at the extremes).
const periodEnd = Date.UTC(2030, 0, 8, 12) / 1000;
const periodEndText = new Date(periodEnd * 1000).toLocaleDateString('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const activeSubscription: Subscription = {
  status: 'active',
  currentPeriodEnd: periodEnd,
  cancelAtPeriodEnd: false,
  priceId: 'price_test_yearly',
  planId: 'yearly',
  paymentMethodBrand: 'visa',
  paymentMethodLast4: '4242',
};

/** The jsdom page itself plus a fragment: the one navigation jsdom performs, so `assign` is observable. */
const samePageUrl = (fragment: string) => `${window.location.href.split('#')[0]}#${fragment}`;

function renderBillingTab({
  profile = trialProfile,
  subscription = null,
  handlers = {},
}: {
  profile?: object;
  subscription?: Subscription | null | (() => Subscription | null);
  handlers?: Parameters<typeof stubApi>[0];
} = {}) {
  const read = typeof subscription === 'function' ? subscription : () => subscription;
  const calls = stubApi({
    'GET /api/auth/session': { status: 200, body: { ...signedInSession, profile } },
    'GET /api/billing/plans': { status: 200, body: plans },
    'GET /api/billing/subscription': () => ({ status: 200, body: { subscription: read(), profile } }),
    ...handlers,
  });
  renderScreen(<BillingTab />, { path: '/app' });
  return { calls, user: userEvent.setup() };
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('settings → billing: trial', () => {
  it('offers Choose Your Plan with both plans, the yearly one flagged popular', async () => {
    renderBillingTab();
    expect(await screen.findByRole('heading', { name: messages.billing.chooseYourPlan })).toBeVisible();
    expect(section('Current Subscription').getByText(messages.billing.noActiveSubscription)).toBeVisible();
    const yearly = within(screen.getByRole('listitem', { name: 'Yearly Plan' }));
    expect(yearly.getByText('Most Popular')).toBeVisible();
    expect(yearly.getByText('Billed annually')).toBeVisible();
    expect(yearly.getByText('$4.17/month')).toBeVisible();
    expect(yearly.getByText('Save $10 (17%)')).toBeVisible();
    const monthly = within(screen.getByRole('listitem', { name: 'Monthly Plan' }));
    expect(monthly.getByText('Billed monthly')).toBeVisible();
    expect(monthly.queryByText('Most Popular')).toBeNull();
    expect(screen.queryByText(messages.billing.trialExpired)).toBeNull();
  });

  it('starts a checkout for the chosen plan and sends the browser to its url', async () => {
    const { calls, user } = renderBillingTab({
      handlers: {
        'POST /api/billing/checkout-session': {
          status: 200,
          body: { sessionId: 'cs_1', url: samePageUrl('test-checkout') },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Yearly Plan' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#test-checkout'));
    expect(calls.find((call) => call.path === '/api/billing/checkout-session')?.body).toEqual({
      priceId: 'price_test_yearly',
    });
  });

  it('shows a dismissible banner when the checkout cannot start', async () => {
    const { user } = renderBillingTab({
      handlers: {
        'POST /api/billing/checkout-session': apiError(502, 'internal_error', 'Bad gateway'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Monthly Plan' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.billing.startCheckoutFailed);
    expect(alert).toHaveTextContent(messages.billing.checkoutFailed(502));
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose Monthly Plan' })).toBeEnabled();
  });
});

describe('settings → billing: expired and failures', () => {
  it('tells an expired account its trial has expired and still offers the plans', async () => {
    renderBillingTab({ profile: expiredProfile });
    expect(await screen.findByText(messages.billing.trialExpired)).toBeVisible();
    expect(screen.queryByRole('heading', { name: messages.billing.chooseYourPlan })).toBeNull();
    expect(screen.getByText(messages.billing.noActiveSubscription)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose Yearly Plan' })).toBeEnabled();
  });

  it('says so when the subscription status cannot be read, and retries', { timeout: 15_000 }, async () => {
    let attempt = 0;
    const { user } = renderBillingTab({
      handlers: {
        'GET /api/billing/subscription': () =>
          // The test's query client retries a failed read three times before giving up.
          ++attempt <= 4
            ? apiError(500, 'internal_error', 'Boom')
            : { status: 200, body: { subscription: null, profile: trialProfile } },
      },
    });
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      messages.billing.statusFailed,
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: messages.billing.chooseYourPlan })).toBeVisible();
  });
});

describe('settings → billing: active subscription', () => {
  it('shows the status, next billing date, card and plan, and no checkout buttons', async () => {
    renderBillingTab({
      profile: { ...trialProfile, isTrial: false, accountStatus: 'active' },
      subscription: activeSubscription,
    });
    const current = within(await screen.findByRole('region', { name: 'Current Subscription' }));
    expect(await current.findByText('Active')).toBeVisible();
    expect(current.getByText('Next Billing Date')).toBeVisible();
    expect(current.getByText(periodEndText)).toBeVisible();
    expect(current.getByText('Visa ending in 4242')).toBeVisible();
    expect(current.getByText('Yearly Plan')).toBeVisible();
    expect(current.getByRole('button', { name: 'Open Billing Portal' })).toBeEnabled();
    expect(screen.getByText('Current plan')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Choose/ })).toBeNull();
  });

  it('writes a status capitalised with underscores as spaces', async () => {
    renderBillingTab({ subscription: { ...activeSubscription, status: 'past_due' } });
    expect(await screen.findByText('Past due')).toBeVisible();
    // Only an active subscription can be cancelled here; past due is fixed in the portal.
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('cancels after confirmation, then refreshes the subscription and the profile', async () => {
    let current = activeSubscription;
    const { calls, user } = renderBillingTab({
      subscription: () => current,
      handlers: {
        'POST /api/billing/cancel': () => {
          current = { ...activeSubscription, cancelAtPeriodEnd: true };
          return { status: 200, body: { success: true } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' }));
    expect(dialog.getByText(new RegExp(periodEndText))).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Keep Subscription' }));
    expect(calls.some((call) => call.path === '/api/billing/cancel')).toBe(false);

    const sessionReads = () => calls.filter((call) => call.path === '/api/auth/session').length;
    const before = sessionReads();
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel Subscription' }),
    );
    expect(await screen.findByText('Subscription Expires')).toBeVisible();
    expect(screen.queryByText('Next Billing Date')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(sessionReads()).toBeGreaterThan(before);
  });

  it('opens the billing portal, or says why it could not', async () => {
    let attempt = 0;
    const { user } = renderBillingTab({
      subscription: activeSubscription,
      handlers: {
        'POST /api/billing/portal-session': () =>
          ++attempt === 1
            ? apiError(409, 'conflict', messages.billing.noCustomer)
            : { status: 200, body: { url: samePageUrl('portal') } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Open Billing Portal' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.billing.openPortalFailed);
    expect(alert).toHaveTextContent(messages.billing.noCustomer);
    await user.click(screen.getByRole('button', { name: 'Open Billing Portal' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#portal'));
  });

  it('warns about a second subscription and points to the portal to cancel it', async () => {
    const profile = { ...trialProfile, isTrial: false, accountStatus: 'active' };
    renderBillingTab({
      profile,
      handlers: {
        'GET /api/billing/subscription': {
          status: 200,
          body: { subscription: activeSubscription, extraSubscriptions: 1, profile },
        },
      },
    });
    const current = within(await screen.findByRole('region', { name: 'Current Subscription' }));
    expect(await current.findByRole('alert')).toHaveTextContent(messages.billing.extraSubscriptions);
    expect(current.getByText('Yearly Plan')).toBeVisible();
    expect(current.getByRole('button', { name: 'Open Billing Portal' })).toBeEnabled();
  });

  it('has no such warning with one subscription', async () => {
    renderBillingTab({ subscription: activeSubscription });
    expect(await screen.findByText('Visa ending in 4242')).toBeVisible();
    expect(screen.queryByText(messages.billing.extraSubscriptions)).toBeNull();
  });
});

describe('settings → billing: a second checkout', () => {
  it('shows why the server refused it (already subscribed)', async () => {
    const { user } = renderBillingTab({
      handlers: {
        'POST /api/billing/checkout-session': apiError(
          409,
          'already_subscribed',
          messages.billing.alreadySubscribed,
        ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Yearly Plan' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.billing.startCheckoutFailed);
    expect(alert).toHaveTextContent(messages.billing.alreadySubscribed);
  });
});
