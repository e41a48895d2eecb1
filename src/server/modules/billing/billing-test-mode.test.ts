import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlansResponse, TestCheckoutResponse } from '../../../shared/schemas/billing.ts';
import { asUser, signedInUser, signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { billingPost, DAY_MS, subscriptionOf, writeStatus } from './billing-test-helpers.ts';

const activeMail = 'subscription is active';

/** The built-in test mode (no STRIPE_SECRET_KEY): the whole journey with no network at all. */
describe.each(testEngines)('billing test mode on %s', (engine) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  async function paidUser(priceId?: string) {
    const user = await signedInUser(ctx);
    const started = await billingPost(
      ctx,
      user.cookies,
      '/api/billing/checkout-session',
      priceId ? { priceId } : undefined,
    );
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId, url } = started.json() as { sessionId: string; url: string };
    expect(url).toBe(`${ctx.config.APP_URL}/billing/test-checkout?session=${sessionId}`);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/billing/test-mode/checkout/${sessionId}`,
      ...asUser(user.cookies),
    });
    expect(page.statusCode).toBe(200);
    const pay = await billingPost(ctx, user.cookies, `/api/billing/test-mode/checkout/${sessionId}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json()).toEqual({ redirectUrl: `/checkout/success?session_id=${sessionId}` });
    return { ...user, sessionId, page: page.json() as TestCheckoutResponse };
  }

  it('reports test mode and the test price ids', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/billing/plans' })).json() as PlansResponse;
    expect(body.testMode).toBe(true);
    expect(body.plans.map((p) => p.priceId)).toEqual(['price_test_monthly', 'price_test_yearly']);
  });

  it('checkout → pay → active subscription, confirmation mail sent once', async () => {
    const user = await paidUser();
    expect(user.page).toMatchObject({ status: 'open', email: user.email, plan: { id: 'yearly' } });
    const status = await subscriptionOf(ctx, user.cookies);
    expect(status.subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      planId: 'yearly',
      priceId: 'price_test_yearly',
      paymentMethodBrand: 'visa',
      paymentMethodLast4: '4242',
    });
    expect(status.profile).toMatchObject({ accountStatus: 'active', isTrial: false, readOnly: false });
    const mail = await ctx.smtp.waitFor((m) => m.to.includes(user.email) && m.subject.includes(activeMail));
    expect(mail.text).toContain('Yearly Plan');

    // Paying the same session again is refused; the mail is still sent once.
    const again = await billingPost(
      ctx,
      user.cookies,
      `/api/billing/test-mode/checkout/${user.sessionId}/pay`,
    );
    expect(again.statusCode).toBe(409);
    // Every queued job (the mail among them) has run: only now can "sent once" be asserted.
    await ctx.settle();
    expect(
      ctx.smtp.messages.filter((m) => m.to.includes(user.email) && m.subject.includes(activeMail)),
    ).toHaveLength(1);
  });

  it('cancelling the checkout sends the person to /checkout/cancel and changes nothing', async () => {
    const user = await signedInUser(ctx);
    const { sessionId } = (
      await billingPost(ctx, user.cookies, '/api/billing/checkout-session', { priceId: 'price_test_monthly' })
    ).json();
    const res = await billingPost(ctx, user.cookies, `/api/billing/test-mode/checkout/${sessionId}/cancel`);
    expect(res.json()).toEqual({ redirectUrl: '/checkout/cancel' });
    expect((await subscriptionOf(ctx, user.cookies)).subscription).toBeNull();
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/billing/test-mode/checkout/${sessionId}`,
      ...asUser(user.cookies),
    });
    expect(page.json().status).toBe('expired');
  });

  it("another user's checkout session is not found", async () => {
    const owner = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const { sessionId } = (await billingPost(ctx, owner.cookies, '/api/billing/checkout-session')).json();
    const res = await billingPost(ctx, other.cookies, `/api/billing/test-mode/checkout/${sessionId}/pay`);
    expect(res.statusCode).toBe(404);
  });

  it('portal: cancel → Subscription Expires state, resume, cancel again, end period → read-only', async () => {
    const user = await paidUser('price_test_monthly');
    const portal = await billingPost(ctx, user.cookies, '/api/billing/portal-session');
    expect(portal.json()).toEqual({ url: `${ctx.config.APP_URL}/billing/test-portal` });

    const cancelled = await billingPost(ctx, user.cookies, '/api/billing/test-mode/portal/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const resumed = await billingPost(ctx, user.cookies, '/api/billing/test-mode/portal/resume');
    expect(resumed.json().subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

    // Renewal: a period ends without cancellation.
    const before = (await subscriptionOf(ctx, user.cookies)).subscription?.currentPeriodEnd as number;
    const renewed = await billingPost(ctx, user.cookies, '/api/billing/test-mode/portal/end-period');
    expect(renewed.json().subscription.status).toBe('active');
    expect(renewed.json().subscription.currentPeriodEnd).toBeGreaterThan(before);

    // The Settings cancel button (POST /api/billing/cancel) works in test mode too.
    expect((await billingPost(ctx, user.cookies, '/api/billing/cancel')).statusCode).toBe(200);
    expect((await subscriptionOf(ctx, user.cookies)).subscription?.cancelAtPeriodEnd).toBe(true);

    ctx.clock.advance(8 * DAY_MS);
    let cookies = await signIn(ctx, user.email, user.password);
    expect(await writeStatus(ctx, cookies)).toBe(201);
    const ended = await billingPost(ctx, cookies, '/api/billing/test-mode/portal/end-period');
    expect(ended.json().subscription.status).toBe('canceled');
    expect(await writeStatus(ctx, cookies)).toBe(403);
    expect((await subscriptionOf(ctx, cookies)).profile).toMatchObject({
      accountStatus: 'expired',
      readOnly: true,
    });

    // Expired account → pay again → writable.
    const { sessionId } = (await billingPost(ctx, cookies, '/api/billing/checkout-session')).json();
    expect(
      (await billingPost(ctx, cookies, `/api/billing/test-mode/checkout/${sessionId}/pay`)).statusCode,
    ).toBe(200);
    cookies = await signIn(ctx, user.email, user.password);
    expect(await writeStatus(ctx, cookies)).toBe(201);
    expect((await subscriptionOf(ctx, cookies)).subscription).toMatchObject({
      status: 'active',
      planId: 'yearly',
    });
    await ctx.smtp.waitFor(
      (m) => m.to.includes(user.email) && m.subject.includes(activeMail) && m.text.includes('Yearly'),
    );
  });

  it('portal actions without a subscription answer 404 No active subscription found', async () => {
    const user = await signedInUser(ctx);
    const res = await billingPost(ctx, user.cookies, '/api/billing/test-mode/portal/cancel');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No active subscription found');
  });

  it('documents the billing routes in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/billing/plans', '/api/billing/checkout-session', '/api/billing/webhook']),
    );
  });
});
