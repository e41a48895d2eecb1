import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { asUser, signedInUser } from '../../test/auth-helpers.ts';
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
} from './billing-test-helpers.ts';

/** One subscription per account: checkout is refused to a subscriber, and a duplicate is surfaced. */

const checkoutPath = '/api/billing/checkout-session';

function expectAlreadySubscribed(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({
    error: { code: 'already_subscribed', message: messages.billing.alreadySubscribed },
  });
}

describe.each(testEngines)('one subscription per account with Stripe on %s', (engine) => {
  let ctx: TestContext;
  let fake: FakeStripe;
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
    const logger = pino({ level: 'warn' }, { write: (line: string) => logLines.push(line) });
    ctx = await buildTestApp(engine, stripeEnv(fake), { logger });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  const yearEnd = () => epoch(ctx.clock.now) + 365 * 86400;

  async function subscribed(status = 'active') {
    const user = await customerUser(ctx, fake);
    const sub = fake.setSubscription({
      customer: user.customerId,
      status,
      priceId: fakePrices.yearly,
      currentPeriodEnd: yearEnd(),
    });
    expect((await deliver(ctx, fake.signedEvent('customer.subscription.created', sub))).statusCode).toBe(200);
    return { ...user, sub };
  }

  const sessionsCreated = () => fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length;

  it('refuses checkout (409) while a subscription is active, trialing or past due; Stripe is not asked', async () => {
    for (const status of ['active', 'trialing', 'past_due']) {
      const user = await subscribed(status);
      const before = sessionsCreated();
      expectAlreadySubscribed(await billingPost(ctx, user.cookies, checkoutPath, {}));
      expectAlreadySubscribed(
        await billingPost(ctx, user.cookies, checkoutPath, { priceId: fakePrices.monthly }),
      );
      expect(sessionsCreated()).toBe(before);
    }
  });

  it('lets a person whose cancelled subscription has ended pay again, even before Stripe says deleted', async () => {
    const user = await subscribed();
    fake.setSubscription({
      id: user.sub.id,
      customer: user.customerId,
      priceId: fakePrices.yearly,
      currentPeriodEnd: epoch(ctx.clock.now) + 86400,
      cancelAtPeriodEnd: true,
    });
    const updated = fake.signedEvent('customer.subscription.updated', fake.subscriptions.get(user.sub.id));
    expect((await deliver(ctx, updated)).statusCode).toBe(200);
    expectAlreadySubscribed(await billingPost(ctx, user.cookies, checkoutPath, {}));
    ctx.clock.advance(2 * DAY_MS);
    const cookies = await user.relogin();
    expect((await billingPost(ctx, cookies, checkoutPath, {})).statusCode).toBe(200);
  });

  it('leaves one payable checkout when two start at once (the other is expired at Stripe)', async () => {
    const user = await signedInUser(ctx);
    const [a, b] = await Promise.all([
      billingPost(ctx, user.cookies, checkoutPath, {}),
      billingPost(ctx, user.cookies, checkoutPath, {}),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const ids = [a.json().sessionId, b.json().sessionId] as string[];
    const statuses = ids.map((id) => fake.checkoutSessions.get(id)?.status).sort();
    expect(statuses).toEqual(['expired', 'open']);
    // A later checkout replaces the open one in turn.
    const c = await billingPost(ctx, user.cookies, checkoutPath, { priceId: fakePrices.monthly });
    expect(c.statusCode).toBe(200);
    expect(ids.map((id) => fake.checkoutSessions.get(id)?.status)).toEqual(['expired', 'expired']);
    expect(fake.checkoutSessions.get(c.json().sessionId)?.status).toBe('open');
  });

  it('keeps the first subscription when a webhook reveals a second one, and surfaces the duplicate', async () => {
    const user = await subscribed();
    const first = await subscriptionOf(ctx, user.cookies);
    expect(first.extraSubscriptions).toBe(0);
    logLines.length = 0;

    // Made out of band (the dashboard, a second Checkout paid elsewhere): monthly, ending sooner.
    const second = fake.setSubscription({
      customer: user.customerId,
      priceId: fakePrices.monthly,
      currentPeriodEnd: epoch(ctx.clock.now) + 30 * 86400,
    });
    expect((await deliver(ctx, fake.signedEvent('customer.subscription.created', second))).statusCode).toBe(
      200,
    );
    const status = await subscriptionOf(ctx, user.cookies);
    expect(status.subscription).toMatchObject({ status: 'active', planId: 'yearly' });
    expect(status.extraSubscriptions).toBe(1);
    const warning = logLines.map((line) => JSON.parse(line)).find((entry) => entry.userId === user.userId);
    expect(warning?.level).toBe(40);
    expect([...(warning?.subscriptionIds ?? [])].sort()).toEqual([user.sub.id, second.id].sort());

    // Cancelled in the portal: no longer a duplicate, and the first one is still the account's.
    fake.setSubscription({
      id: second.id,
      customer: user.customerId,
      status: 'canceled',
      priceId: fakePrices.monthly,
      currentPeriodEnd: epoch(ctx.clock.now),
    });
    const cancelled = fake.signedEvent('customer.subscription.deleted', fake.subscriptions.get(second.id));
    expect((await deliver(ctx, cancelled)).statusCode).toBe(200);
    const after = await subscriptionOf(ctx, user.cookies);
    expect(after.extraSubscriptions).toBe(0);
    expect(after.subscription).toMatchObject({ status: 'active', planId: 'yearly' });
  });
});

describe.each(testEngines)('one subscription per account in test mode on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { BILLING: 'test' });
  });
  afterAll(() => ctx.close());

  const pay = (cookies: Parameters<typeof billingPost>[1], sessionId: string) =>
    billingPost(ctx, cookies, `/api/billing/test-mode/checkout/${sessionId}/pay`);

  async function liveSubscriptions(userId: string) {
    const rows = await ctx.db.db
      .selectFrom('billing_subscriptions')
      .select('status')
      .where('user_id', '=', userId)
      .execute();
    return rows.filter((row) => row.status === 'active').length;
  }

  it('refuses a second checkout and the pay of an older session once subscribed', async () => {
    const user = await signedInUser(ctx);
    const first = (await billingPost(ctx, user.cookies, checkoutPath, {})).json() as { sessionId: string };
    expect((await pay(user.cookies, first.sessionId)).statusCode).toBe(200);
    expectAlreadySubscribed(await billingPost(ctx, user.cookies, checkoutPath, {}));
    expect(await liveSubscriptions(user.userId)).toBe(1);
    expect((await subscriptionOf(ctx, user.cookies)).extraSubscriptions).toBe(0);
  });

  it('two checkouts at once, both paid at once: one subscription', async () => {
    const user = await signedInUser(ctx);
    const started = await Promise.all([
      billingPost(ctx, user.cookies, checkoutPath, {}),
      billingPost(ctx, user.cookies, checkoutPath, {}),
    ]);
    const ids = started.map((res) => (res.json() as { sessionId: string }).sessionId);
    const paid = await Promise.all(ids.map((id) => pay(user.cookies, id)));
    expect(paid.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await liveSubscriptions(user.userId)).toBe(1);
  });

  it('one session paid twice at once: one subscription', async () => {
    const user = await signedInUser(ctx);
    const { sessionId } = (await billingPost(ctx, user.cookies, checkoutPath, {})).json() as {
      sessionId: string;
    };
    const paid = await Promise.all([pay(user.cookies, sessionId), pay(user.cookies, sessionId)]);
    expect(paid.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await liveSubscriptions(user.userId)).toBe(1);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/billing/test-mode/checkout/${sessionId}`,
      ...asUser(user.cookies),
    });
    expect(page.json()).toMatchObject({ status: 'complete' });
  });
});
