import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { PlansResponse } from '../../../shared/schemas/billing.ts';
import { signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { billingPost, customerUser, fakePrices, stripeEnv, subscriptionOf } from './billing-test-helpers.ts';

/** The billing API with real-Stripe configuration (the SDK talks to the fake Stripe). */
describe.each(testEngines)('billing routes with Stripe on %s', (engine) => {
  let ctx: TestContext;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    ctx = await buildTestApp(engine, stripeEnv(fake));
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it('serves the plan catalogue with the configured price ids, without sign-in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/billing/plans' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as PlansResponse;
    expect(body.currency).toBe('usd');
    expect(body.testMode).toBe(false);
    expect(body.plans).toEqual([
      expect.objectContaining({
        id: 'monthly',
        priceId: fakePrices.monthly,
        name: 'Monthly Plan',
        description: 'Billed monthly',
        price: 5,
        interval: 'month',
        popular: false,
      }),
      expect.objectContaining({
        id: 'yearly',
        priceId: fakePrices.yearly,
        name: 'Yearly Plan',
        description: 'Billed annually',
        price: 50,
        interval: 'year',
        monthlyEquivalent: 4.17,
        savings: 10,
        savingsPercentage: 17,
        popular: true,
      }),
    ]);
  });

  it('starts a yearly checkout by default, with our success and cancel urls, and reuses the customer', async () => {
    const user = await signedInUser(ctx);
    const first = await billingPost(ctx, user.cookies, '/api/billing/checkout-session');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const created = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(created?.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': fakePrices.yearly,
      success_url: `${ctx.config.APP_URL}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ctx.config.APP_URL}/checkout/cancel`,
      client_reference_id: user.userId,
    });
    const second = await billingPost(ctx, user.cookies, '/api/billing/checkout-session', {
      priceId: fakePrices.monthly,
    });
    expect(second.statusCode).toBe(200);
    const sessions = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').slice(-2);
    expect(sessions[1]?.params['line_items[0][price]']).toBe(fakePrices.monthly);
    expect(sessions[0]?.params.customer).toBe(sessions[1]?.params.customer);
    const customersOfUser = [...fake.customers.values()].filter((c) => c.metadata.user_id === user.userId);
    expect(customersOfUser).toHaveLength(1);
  });

  it('refuses a price outside the catalogue with a field message', async () => {
    const user = await signedInUser(ctx);
    const res = await billingPost(ctx, user.cookies, '/api/billing/checkout-session', {
      priceId: 'price_evil',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ priceId: messages.billing.unknownPrice });
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/billing/subscription' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/billing/checkout-session' })).statusCode).toBe(
      401,
    );
  });

  it('opens the portal for a customer, 409 before any checkout', async () => {
    const stranger = await signedInUser(ctx);
    const none = await billingPost(ctx, stranger.cookies, '/api/billing/portal-session');
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(messages.billing.noCustomer);
    const user = await customerUser(ctx, fake);
    const res = await billingPost(ctx, user.cookies, '/api/billing/portal-session');
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });

  it('answers 404 No active subscription found when there is nothing to cancel', async () => {
    const user = await signedInUser(ctx);
    const res = await billingPost(ctx, user.cookies, '/api/billing/cancel');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No active subscription found');
    expect(await subscriptionOf(ctx, user.cookies)).toMatchObject({
      subscription: null,
      profile: { accountStatus: 'trial' },
    });
  });

  it('has no test-mode routes when STRIPE_SECRET_KEY is set', async () => {
    const user = await signedInUser(ctx);
    const res = await billingPost(ctx, user.cookies, '/api/billing/test-mode/portal/cancel');
    expect(res.statusCode).toBe(404);
  });

  it('hides Stripe failures behind a 502 with our wording', async () => {
    const user = await signedInUser(ctx);
    fake.failNext('/v1/customers', 3);
    const res = await billingPost(ctx, user.cookies, '/api/billing/checkout-session');
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(messages.generic);
  });
});
