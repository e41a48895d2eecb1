import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffMs } from '../../jobs/worker.ts';
import { asUser, confirmPassword, type SessionCookies } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { customerUser, deliver, epoch, fakePrices, stripeEnv } from './billing-test-helpers.ts';

/** Deleting an account must stop the charges: its subscription is cancelled at Stripe, durably. */
describe.each(testEngines)('account deletion and billing on %s', (engine) => {
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

  async function subscriber() {
    const user = await customerUser(ctx, fake);
    const sub = fake.setSubscription({
      customer: user.customerId,
      priceId: fakePrices.yearly,
      currentPeriodEnd: epoch(ctx.clock.now) + 365 * 86400,
    });
    expect((await deliver(ctx, fake.signedEvent('customer.subscription.created', sub))).statusCode).toBe(200);
    return { user, sub };
  }

  const deleteAccount = async (cookies: Partial<SessionCookies>) => {
    await confirmPassword(ctx, cookies);
    return ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { confirmation: 'DELETE' },
      ...asUser(cookies),
    });
  };

  it('cancels the subscription at Stripe when the account is deleted', async () => {
    const { user, sub } = await subscriber();
    expect((await deleteAccount(user.cookies)).statusCode).toBe(200);
    await ctx.settle();
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${sub.id}`)).toBe(
      true,
    );
    expect(fake.subscriptions.get(sub.id)?.status).toBe('canceled');
  });

  it('keeps trying when Stripe fails, and cancels once it answers', async () => {
    const { user, sub } = await subscriber();
    // The SDK itself retries twice; three failures make the job's own retry the one that succeeds.
    fake.failNext(`/v1/subscriptions/${sub.id}`, 3);
    expect((await deleteAccount(user.cookies)).statusCode).toBe(200);
    await ctx.settle();
    expect(fake.subscriptions.get(sub.id)?.status).toBe('active');
    ctx.clock.advance(backoffMs(1) * 2);
    await ctx.settle();
    expect(fake.subscriptions.get(sub.id)?.status).toBe('canceled');
  });

  it('leaves Stripe alone for an account without a live subscription', async () => {
    const user = await customerUser(ctx, fake);
    const before = fake.requests.length;
    expect((await deleteAccount(user.cookies)).statusCode).toBe(200);
    await ctx.settle();
    expect(fake.requests.slice(before).filter((r) => r.method === 'DELETE')).toEqual([]);
  });
});
