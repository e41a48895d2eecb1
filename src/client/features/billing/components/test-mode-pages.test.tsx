import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import type { Subscription } from '../../../../shared/schemas/billing.ts';
import { apiError, renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { TestCheckout } from './test-checkout.tsx';
import { TestPortal } from './test-portal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const yearly = {
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
};
const session = { user: signedInSession.user, profile: signedInSession.profile };
const checkout = (status = 'open') => ({
  status: 200,
  body: { sessionId: 'cs_test_1', plan: yearly, email: 'ann@example.com', status },
});

describe('test checkout page', () => {
  it('is marked as a test, shows the plan and price, and follows the redirect after paying', async () => {
    const calls = stubApi({
      'GET /api/auth/session': { status: 200, body: session },
      'GET /api/billing/test-mode/checkout/cs_test_1': checkout(),
      'POST /api/billing/test-mode/checkout/cs_test_1/pay': {
        status: 200,
        body: { redirectUrl: '/checkout/success?session_id=cs_test_1' },
      },
    });
    renderScreen(<TestCheckout />, {
      path: '/billing/test-checkout',
      url: '/billing/test-checkout?session=cs_test_1',
    });
    expect(screen.getByText('Test mode — no real payment is taken')).toBeVisible();
    expect(await screen.findByText('Yearly Plan')).toBeVisible();
    expect(screen.getByText('$50.00 / year')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $50.00 (test)' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/checkout/success');
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/pay'))).toBe(true);
  });

  it('cancels to the checkout-canceled screen', async () => {
    stubApi({
      'GET /api/auth/session': { status: 200, body: session },
      'GET /api/billing/test-mode/checkout/cs_test_1': checkout(),
      'POST /api/billing/test-mode/checkout/cs_test_1/cancel': {
        status: 200,
        body: { redirectUrl: '/checkout/cancel' },
      },
    });
    renderScreen(<TestCheckout />, {
      path: '/billing/test-checkout',
      url: '/billing/test-checkout?session=cs_test_1',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/checkout/cancel');
  });

  it('offers no payment for a session that is no longer open', async () => {
    stubApi({
      'GET /api/auth/session': { status: 200, body: session },
      'GET /api/billing/test-mode/checkout/cs_test_1': checkout('complete'),
    });
    renderScreen(<TestCheckout />, {
      path: '/billing/test-checkout',
      url: '/billing/test-checkout?session=cs_test_1',
    });
    expect(await screen.findByText(messages.billing.checkoutClosed)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });
});

describe('test billing portal', () => {
  it('cancels at period end, resumes, and ends the period', async () => {
    let subscription: Subscription = {
      status: 'active',
      currentPeriodEnd: Date.UTC(2030, 0, 8, 12) / 1000,
      cancelAtPeriodEnd: false,
      priceId: 'price_test_yearly',
      planId: 'yearly',
      paymentMethodBrand: 'visa',
      paymentMethodLast4: '4242',
    };
    const change = (next: Partial<Subscription>) => () => {
      subscription = { ...subscription, ...next };
      return { status: 200, body: { subscription } };
    };
    stubApi({
      'GET /api/auth/session': { status: 200, body: session },
      'GET /api/billing/plans': { status: 200, body: { currency: 'usd', testMode: true, plans: [yearly] } },
      'GET /api/billing/subscription': () => ({
        status: 200,
        body: { subscription, profile: signedInSession.profile },
      }),
      'POST /api/billing/test-mode/portal/cancel': change({ cancelAtPeriodEnd: true }),
      'POST /api/billing/test-mode/portal/resume': change({ cancelAtPeriodEnd: false }),
      'POST /api/billing/test-mode/portal/end-period': change({ status: 'canceled' }),
    });
    const user = userEvent.setup();
    renderScreen(<TestPortal />, { path: '/billing/test-portal' });
    expect(screen.getByText('Test mode — no real payment is taken')).toBeVisible();
    expect(await screen.findByText('Next Billing Date')).toBeVisible();
    expect(screen.getByText('Visa ending in 4242')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    expect(await screen.findByText('Subscription Expires')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText('Next Billing Date')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'End billing period now (test mode)' }));
    expect(await screen.findByText('Canceled')).toBeVisible();
    expect(screen.queryByRole('button', { name: /period/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Return to Jotlist' })).toHaveAttribute('href', '/app');
  });

  it('says so when the subscription status cannot be read', async () => {
    stubApi({
      'GET /api/auth/session': { status: 200, body: session },
      'GET /api/billing/subscription': apiError(401, 'unauthorized', 'Please sign in again to continue.'),
    });
    renderScreen(<TestPortal />, { path: '/billing/test-portal' });
    expect(await screen.findByText(messages.billing.statusFailed, {}, { timeout: 10_000 })).toBeVisible();
  }, 15_000);
});
