import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/engines.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import {
  customerUser,
  deliver,
  epoch,
  fakePrices,
  stripeEnv,
  subscriptionOf,
} from './billing-test-helpers.ts';

/** Stripe webhooks against the fake Stripe: signatures, duplicates, ordering, unknown customers. */
describe.each(testEngines)('billing webhooks on %s', (engine) => {
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

  const count = async (table: 'billing_events' | 'billing_subscriptions') =>
    Number(
      (
        await ctx.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a bad or missing signature with 400 and writes nothing', async () => {
    const user = await customerUser(ctx, fake);
    const sub = fake.setSubscription({
      customer: user.customerId,
      priceId: fakePrices.yearly,
      currentPeriodEnd: epoch(ctx.clock.now) + 365 * 86400,
    });
    const before = [await count('billing_events'), await count('billing_subscriptions')];
    const forged = fake.signedEvent('customer.subscription.created', sub, { secret: 'whsec_wrong' });
    expect((await deliver(ctx, forged)).statusCode).toBe(400);
    expect((await deliver(ctx, forged, null)).statusCode).toBe(400);
    const good = fake.signedEvent('customer.subscription.created', sub);
    // A signature over other bytes (the body re-serialised) fails too.
    const tampered = { ...good, payload: JSON.stringify(JSON.parse(good.payload), null, 2) };
    expect((await deliver(ctx, tampered)).statusCode).toBe(400);
    expect([await count('billing_events'), await count('billing_subscriptions')]).toEqual(before);
    expect((await subscriptionOf(ctx, user.cookies)).subscription).toBeNull();
  });

  it('activates on a signed event and handles a duplicate delivery once', async () => {
    const user = await customerUser(ctx, fake);
    const end = epoch(ctx.clock.now) + 365 * 86400;
    const sub = fake.setSubscription({
      customer: user.customerId,
      priceId: fakePrices.yearly,
      currentPeriodEnd: end,
    });
    const event = fake.signedEvent('customer.subscription.created', sub);
    const eventsBefore = await count('billing_events');
    expect((await deliver(ctx, event)).statusCode).toBe(200);
    expect((await deliver(ctx, event)).statusCode).toBe(200);
    expect(await count('billing_events')).toBe(eventsBefore + 1);
    const status = await subscriptionOf(ctx, user.cookies);
    expect(status.subscription).toEqual({
      status: 'active',
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      priceId: fakePrices.yearly,
      planId: 'yearly',
      paymentMethodBrand: 'visa',
      paymentMethodLast4: '4242',
    });
    expect(status.profile).toMatchObject({ accountStatus: 'active', isTrial: false, readOnly: false });
  });

  it('sends the confirmation mail once, however often the activating events arrive', async () => {
    const user = await customerUser(ctx, fake);
    const sub = fake.setSubscription({
      customer: user.customerId,
      priceId: fakePrices.monthly,
      currentPeriodEnd: epoch(ctx.clock.now) + 30 * 86400,
    });
    const events = [
      fake.signedEvent('checkout.session.completed', {
        id: 'cs_x',
        object: 'checkout.session',
        customer: user.customerId,
        subscription: sub.id,
      }),
      fake.signedEvent('customer.subscription.created', sub),
      fake.signedEvent('invoice.paid', {
        id: 'in_x',
        object: 'invoice',
        customer: user.customerId,
        parent: { subscription_details: { subscription: sub.id } },
      }),
    ];
    await Promise.all([...events, ...events].map((event) => deliver(ctx, event)));
    await ctx.smtp.waitFor(
      (mail) => mail.to.includes(user.email) && mail.subject.includes('subscription is active'),
    );
    // Every queued job (the mail among them) has run: only now can "sent once" be asserted.
    await ctx.settle();
    const mails = ctx.smtp.messages.filter(
      (m) => m.to.includes(user.email) && m.subject.includes('subscription is active'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Monthly Plan');
  });

  it('stores the current state whatever order events arrive in (updated before created, old after new)', async () => {
    const user = await customerUser(ctx, fake);
    const end = epoch(ctx.clock.now) + 30 * 86400;
    const incomplete = {
      ...fake.setSubscription({
        customer: user.customerId,
        priceId: fakePrices.monthly,
        currentPeriodEnd: end,
        status: 'incomplete',
      }),
    };
    const active = fake.setSubscription({
      id: incomplete.id,
      customer: user.customerId,
      priceId: fakePrices.monthly,
      currentPeriodEnd: end,
    });
    // `updated` (active) arrives before `created` (whose payload still says incomplete).
    expect((await deliver(ctx, fake.signedEvent('customer.subscription.updated', active))).statusCode).toBe(
      200,
    );
    expect(
      (await deliver(ctx, fake.signedEvent('customer.subscription.created', incomplete))).statusCode,
    ).toBe(200);
    expect((await subscriptionOf(ctx, user.cookies)).subscription?.status).toBe('active');

    // A newer change (past_due), then a late copy of the old active event: the newer state stays.
    const pastDue = fake.setSubscription({
      id: active.id,
      customer: user.customerId,
      priceId: fakePrices.monthly,
      currentPeriodEnd: end,
      status: 'past_due',
    });
    await deliver(ctx, fake.signedEvent('customer.subscription.updated', pastDue));
    await deliver(ctx, fake.signedEvent('customer.subscription.updated', active));
    expect((await subscriptionOf(ctx, user.cookies)).subscription?.status).toBe('past_due');
  });

  it('marks a failed payment past_due', async () => {
    const user = await customerUser(ctx, fake);
    const end = epoch(ctx.clock.now) + 30 * 86400;
    const sub = fake.setSubscription({
      customer: user.customerId,
      priceId: fakePrices.monthly,
      currentPeriodEnd: end,
    });
    await deliver(ctx, fake.signedEvent('customer.subscription.created', sub));
    fake.setSubscription({
      id: sub.id,
      customer: user.customerId,
      priceId: fakePrices.monthly,
      currentPeriodEnd: end,
      status: 'past_due',
    });
    const failed = fake.signedEvent('invoice.payment_failed', {
      id: 'in_failed',
      object: 'invoice',
      customer: user.customerId,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    });
    expect((await deliver(ctx, failed)).statusCode).toBe(200);
    expect((await subscriptionOf(ctx, user.cookies)).subscription?.status).toBe('past_due');
  });

  it('acknowledges an event for an unknown customer and writes nothing', async () => {
    const sub = fake.setSubscription({
      customer: 'cus_nobody',
      priceId: fakePrices.monthly,
      currentPeriodEnd: epoch(ctx.clock.now) + 86400,
    });
    const before = [await count('billing_events'), await count('billing_subscriptions')];
    expect((await deliver(ctx, fake.signedEvent('customer.subscription.created', sub))).statusCode).toBe(200);
    expect([await count('billing_events'), await count('billing_subscriptions')]).toEqual(before);
  });

  it('answers 5xx when handling fails, writes nothing, and handles the retry', async () => {
    const user = await customerUser(ctx, fake);
    const sub = fake.setSubscription({
      customer: user.customerId,
      priceId: fakePrices.yearly,
      currentPeriodEnd: epoch(ctx.clock.now) + 86400 * 365,
    });
    const event = fake.signedEvent('customer.subscription.created', sub);
    fake.failNext('/v1/subscriptions/', 3);
    expect((await deliver(ctx, event)).statusCode).toBeGreaterThanOrEqual(500);
    expect((await subscriptionOf(ctx, user.cookies)).subscription).toBeNull();
    expect((await deliver(ctx, event)).statusCode).toBe(200);
    expect((await subscriptionOf(ctx, user.cookies)).subscription?.status).toBe('active');
  });

  it('chaos: 50 events for one customer delivered concurrently leave the last state', async () => {
    const user = await customerUser(ctx, fake);
    const base = epoch(ctx.clock.now);
    const statuses = ['active', 'past_due', 'active', 'unpaid', 'active'];
    const sub = fake.setSubscription({
      customer: user.customerId,
      priceId: fakePrices.monthly,
      currentPeriodEnd: base + 86400,
    });
    const events = [];
    for (let i = 0; i < 50; i += 1) {
      const state = fake.setSubscription({
        id: sub.id,
        customer: user.customerId,
        priceId: i % 2 ? fakePrices.monthly : fakePrices.yearly,
        status: statuses[i % statuses.length],
        currentPeriodEnd: base + (i + 1) * 86400,
        cancelAtPeriodEnd: i % 3 === 0,
      });
      const type = i === 0 ? 'customer.subscription.created' : 'customer.subscription.updated';
      events.push(fake.signedEvent(type, structuredClone(state)));
    }
    const last = fake.subscriptions.get(sub.id);
    // Deliver shuffled and concurrently, some twice.
    const shuffled = [...events, ...events.slice(0, 10)].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(shuffled.map((event) => deliver(ctx, event)));
    expect(answers.filter((res) => res.statusCode !== 200)).toHaveLength(0);
    const stored = (await subscriptionOf(ctx, user.cookies)).subscription;
    const expected = {
      status: last?.status,
      currentPeriodEnd: last?.items.data[0]?.current_period_end,
      cancelAtPeriodEnd: last?.cancel_at_period_end,
      priceId: last?.items.data[0]?.price.id,
    };
    const mismatches = Object.entries(expected).filter(
      ([key, value]) => stored?.[key as keyof typeof stored] !== value,
    );
    expect(mismatches).toEqual([]);
    const processed = await ctx.db.db
      .selectFrom('billing_events')
      .select('event_id')
      .where(
        'event_id',
        'in',
        events.map((e) => e.id),
      )
      .execute();
    expect(processed).toHaveLength(50);
  });

  it('acknowledges an event about a subscription Stripe does not have, writing nothing', async () => {
    const user = await customerUser(ctx, fake);
    const ghost = { id: 'sub_ghost', object: 'subscription', customer: user.customerId };
    const before = [await count('billing_events'), await count('billing_subscriptions')];
    expect((await deliver(ctx, fake.signedEvent('customer.subscription.updated', ghost))).statusCode).toBe(
      200,
    );
    expect([await count('billing_events'), await count('billing_subscriptions')]).toEqual(before);
  });

  it('ignores event types it does not handle', async () => {
    const res = await deliver(ctx, fake.signedEvent('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(res.statusCode).toBe(200);
  });
});
