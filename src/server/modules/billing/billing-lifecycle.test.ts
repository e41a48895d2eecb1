import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import {
  billingPost,
  customerUser,
  DAY_MS,
  deliver,
  epoch,
  fakePrices,
  stripeEnv,
  subscriptionOf,
  writeStatus,
} from './billing-test-helpers.ts';

/**
 * A subscriber's whole life against the fake Stripe (docs/PRODUCT.md §4): paying after the trial restores writes;
 * cancel keeps full access until the period ends, then read-only; resubscribing restores it. Every step
 * is enforced at once (the entitlement source reads the table on every write).
 */
describe.each(testEngines)('subscription lifecycle on %s', (engine) => {
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

  it('expired → pay → writable; cancel → writable until period end → read-only; resubscribe → writable', async () => {
    const user = await customerUser(ctx, fake);
    ctx.clock.advance(8 * DAY_MS);
    let cookies = await user.relogin();
    expect(await writeStatus(ctx, cookies)).toBe(403);
    expect((await subscriptionOf(ctx, cookies)).profile).toMatchObject({
      accountStatus: 'expired',
      readOnly: true,
    });

    // A read-only account can still start a checkout (billing is outside the guarded scope).
    expect((await billingPost(ctx, cookies, '/api/billing/checkout-session', {})).statusCode).toBe(200);

    const periodEnd = epoch(ctx.clock.now) + 30 * 86400;
    const sub = fake.setSubscription({
      customer: user.customerId,
      priceId: fakePrices.monthly,
      currentPeriodEnd: periodEnd,
    });
    expect((await deliver(ctx, fake.signedEvent('customer.subscription.created', sub))).statusCode).toBe(200);
    expect(await writeStatus(ctx, cookies)).toBe(201);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', ...asUser(cookies) });
    expect(session.json().profile).toMatchObject({
      accountStatus: 'active',
      isTrial: false,
      readOnly: false,
    });

    // Cancel: at period end, through Stripe; stored at once, before any webhook.
    const cancel = await billingPost(ctx, cookies, '/api/billing/cancel');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ success: true });
    expect(
      fake.requests.some(
        (r) =>
          r.method === 'POST' &&
          r.path === `/v1/subscriptions/${sub.id}` &&
          r.params.cancel_at_period_end === 'true',
      ),
    ).toBe(true);
    expect((await subscriptionOf(ctx, cookies)).subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect(await writeStatus(ctx, cookies)).toBe(201);

    // The period ends: read-only at once, even before Stripe's `deleted` event arrives.
    ctx.clock.advance(31 * DAY_MS);
    cookies = await user.relogin();
    expect(await writeStatus(ctx, cookies)).toBe(403);
    fake.setSubscription({
      id: sub.id,
      customer: user.customerId,
      priceId: fakePrices.monthly,
      currentPeriodEnd: periodEnd,
      status: 'canceled',
    });
    expect(
      (await deliver(ctx, fake.signedEvent('customer.subscription.deleted', fake.subscriptions.get(sub.id))))
        .statusCode,
    ).toBe(200);
    expect(await writeStatus(ctx, cookies)).toBe(403);
    const after = await subscriptionOf(ctx, cookies);
    expect(after.subscription?.status).toBe('canceled');
    expect(after.profile).toMatchObject({ accountStatus: 'expired', readOnly: true });
    expect((await billingPost(ctx, cookies, '/api/billing/cancel')).statusCode).toBe(404);

    // Resubscribe: a new subscription restores full access.
    const again = fake.setSubscription({
      customer: user.customerId,
      priceId: fakePrices.yearly,
      currentPeriodEnd: epoch(ctx.clock.now) + 365 * 86400,
    });
    await deliver(ctx, fake.signedEvent('customer.subscription.created', again));
    expect(await writeStatus(ctx, cookies)).toBe(201);
    expect((await subscriptionOf(ctx, cookies)).subscription).toMatchObject({
      status: 'active',
      planId: 'yearly',
    });
  });

  it('a subscription changed by another process is enforced at once (no cache)', async () => {
    const user = await customerUser(ctx, fake);
    const sub = fake.setSubscription({
      customer: user.customerId,
      priceId: fakePrices.monthly,
      currentPeriodEnd: epoch(ctx.clock.now) + 60 * 86400,
    });
    await deliver(ctx, fake.signedEvent('customer.subscription.created', sub));
    ctx.clock.advance(8 * DAY_MS);
    const cookies = await user.relogin();
    expect(await writeStatus(ctx, cookies)).toBe(201);
    // Another server process sharing the database records the end of the subscription.
    await ctx.db.db
      .updateTable('billing_subscriptions')
      .set({ status: 'canceled' })
      .where('stripe_subscription_id', '=', sub.id)
      .execute();
    expect(await writeStatus(ctx, cookies)).toBe(403);
    await ctx.db.db
      .updateTable('billing_subscriptions')
      .set({ status: 'active' })
      .where('stripe_subscription_id', '=', sub.id)
      .execute();
    expect(await writeStatus(ctx, cookies)).toBe(201);
  });
});
