import { expect } from 'vitest';
import type { SubscriptionResponse } from '../../../shared/schemas/billing.ts';
import { asUser, type SessionCookies, signedInUser, signIn } from '../../test/auth-helpers.ts';
import type { FakeStripe, SignedEvent } from '../../test/fake-stripe.ts';
import type { TestContext } from '../../test/test-app.ts';

/** Helpers shared by the billing API tests. */

export const fakePrices = { monthly: 'price_monthly_fake', yearly: 'price_yearly_fake' } as const;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The app's environment for real-Stripe mode, with the SDK pointed at the fake. */
export const stripeEnv = (fake: FakeStripe): Record<string, string> => ({
  STRIPE_SECRET_KEY: fake.secretKey,
  STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
  STRIPE_PRICE_MONTHLY: fakePrices.monthly,
  STRIPE_PRICE_YEARLY: fakePrices.yearly,
  STRIPE_API_BASE: fake.url,
});

export const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

export function deliver(ctx: TestContext, event: SignedEvent, signature: string | null = event.signature) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload: event.payload,
  });
}

export async function subscriptionOf(ctx: TestContext, cookies: Partial<SessionCookies>) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/billing/subscription', ...asUser(cookies) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SubscriptionResponse;
}

export function billingPost(
  ctx: TestContext,
  cookies: Partial<SessionCookies>,
  url: string,
  payload?: object,
) {
  return ctx.app.inject({ method: 'POST', url, ...asUser(cookies), ...(payload ? { payload } : {}) });
}

/** Creates a notebook; the status tells whether the account may write (201) or is read-only (403). */
export async function writeStatus(ctx: TestContext, cookies: Partial<SessionCookies>): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/notebooks',
    payload: {},
    ...asUser(cookies),
  });
  if (res.statusCode === 403)
    expect((res.json() as { error: { code: string } }).error.code).toBe('read_only');
  return res.statusCode;
}

/** A signed-in user who has started a checkout, so Stripe (the fake) knows their customer. */
export async function customerUser(ctx: TestContext, fake: FakeStripe) {
  const user = await signedInUser(ctx);
  const res = await billingPost(ctx, user.cookies, '/api/billing/checkout-session', {});
  expect(res.statusCode, res.body).toBe(200);
  const customer = [...fake.customers.values()].find((c) => c.metadata.user_id === user.userId);
  expect(customer).toBeDefined();
  const relogin = async () => signIn(ctx, user.email, user.password);
  return { ...user, customerId: customer?.id as string, relogin };
}
