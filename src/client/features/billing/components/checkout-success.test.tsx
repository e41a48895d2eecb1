import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { CheckoutCancel } from './checkout-cancel.tsx';
import { CheckoutSuccess } from './checkout-success.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('checkout success screen', () => {
  it('refreshes the subscription 5 times, 2 s apart, then re-reads the session and welcomes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi({
      'GET /api/auth/session': { status: 200, body: signedInSession },
      'GET /api/billing/subscription': {
        status: 200,
        body: { subscription: null, profile: signedInSession.profile },
      },
    });
    renderScreen(<CheckoutSuccess />, { path: '/checkout/success', url: '/checkout/success?session_id=x' });
    expect(screen.getByRole('heading', { name: 'Processing your subscription...' })).toBeVisible();
    expect(screen.getByText('Please wait while we confirm your payment.')).toBeVisible();
    const reads = () => calls.filter((call) => call.path === '/api/billing/subscription').length;
    const sessionReads = () => calls.filter((call) => call.path === '/api/auth/session').length;
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(reads()).toBe(0);
    // The page load's own session read is done; the one after the refreshes comes on top.
    const before = sessionReads();
    expect(screen.queryByRole('heading', { name: 'Welcome to Jotlist!' })).toBeNull();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(reads()).toBe(attempt);
    }
    expect(await screen.findByRole('heading', { name: 'Welcome to Jotlist!' })).toBeVisible();
    expect(sessionReads()).toBe(before + 1);
    expect(screen.getByText('Your subscription is now active. Thank you for upgrading!')).toBeVisible();
    for (const item of [
      'Unlimited access to all features',
      'Unlimited notebooks, notes and todos',
      'Calendar integrations',
      'Export and backup',
    ]) {
      expect(screen.getByText(item)).toBeVisible();
    }
    expect(screen.getByText(/A confirmation email has been sent to/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/');
  });
});

describe('checkout cancel screen', () => {
  it('says nothing was charged, gives tips, and leads home', () => {
    stubApi({});
    renderScreen(<CheckoutCancel />, { path: '/checkout/cancel' });
    expect(screen.getByRole('heading', { name: 'Checkout Canceled' })).toBeVisible();
    expect(
      screen.getByText('Your payment was not completed. No charges have been made to your account.'),
    ).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/');
    expect(
      screen.getByText('Your trial continues until the end date. You can upgrade anytime.'),
    ).toBeVisible();
  });
});
