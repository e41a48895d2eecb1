import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../../shared/schemas/auth.ts';
import type { BillingMode } from '../../../shared/schemas/billing.ts';
import { asUser, type SessionCookies, signedInUser, signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { billingPost, DAY_MS, stripeEnv, writeStatus } from './billing-test-helpers.ts';

/**
 * BILLING=stripe|test|off as a client sees it: the mode /api/site reports, which billing routes exist,
 * and whether an account whose trial is over may still write.
 */

async function sessionProfile(ctx: TestContext, cookies: Partial<SessionCookies>) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', ...asUser(cookies) });
  expect(res.statusCode).toBe(200);
  return (res.json() as SessionResponse).profile;
}

async function siteBilling(ctx: TestContext): Promise<BillingMode> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/site' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { billing: BillingMode }).billing;
}

describe.each(testEngines)('BILLING=off on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { BILLING: 'off' });
  });
  afterAll(() => ctx.close());

  it('tells the client billing is off', async () => {
    expect(await siteBilling(ctx)).toBe('off');
  });

  it('has no billing routes and no test-mode pages (404)', async () => {
    const user = await signedInUser(ctx);
    const gets = ['/api/billing/plans', '/api/billing/subscription', '/api/billing/test-mode/checkout/cs_x'];
    for (const url of gets) {
      const res = await ctx.app.inject({ method: 'GET', url, ...asUser(user.cookies) });
      expect(res.statusCode, url).toBe(404);
    }
    const posts = [
      '/api/billing/checkout-session',
      '/api/billing/portal-session',
      '/api/billing/cancel',
      '/api/billing/test-mode/checkout/cs_x/pay',
      '/api/billing/test-mode/portal/end-period',
    ];
    for (const url of posts) {
      const res = await billingPost(ctx, user.cookies, url, {});
      expect(res.statusCode, url).toBe(404);
    }
    const webhook = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(404);
  });

  it('has no trial: every account is active and may write, also long after a trial would end', async () => {
    const user = await signedInUser(ctx);
    expect(await sessionProfile(ctx, user.cookies)).toMatchObject({
      isTrial: false,
      accountStatus: 'active',
      readOnly: false,
    });
    expect(await writeStatus(ctx, user.cookies)).toBe(201);
    ctx.clock.advance(30 * DAY_MS);
    const cookies = await signIn(ctx, user.email, user.password);
    expect(await writeStatus(ctx, cookies)).toBe(201);
    expect(await sessionProfile(ctx, cookies)).toMatchObject({
      accountStatus: 'active',
      readOnly: false,
    });
  });
});

describe.each(testEngines)('BILLING=test on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { BILLING: 'test' });
  });
  afterAll(() => ctx.close());

  it('reports test mode, serves the test checkout, and ends the trial on time', async () => {
    expect(await siteBilling(ctx)).toBe('test');
    const user = await signedInUser(ctx);
    const started = await billingPost(ctx, user.cookies, '/api/billing/checkout-session', {});
    expect(started.statusCode).toBe(200);
    const { sessionId } = started.json() as { sessionId: string };
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/billing/test-mode/checkout/${sessionId}`,
      ...asUser(user.cookies),
    });
    expect(page.statusCode).toBe(200);
    expect(await sessionProfile(ctx, user.cookies)).toMatchObject({ isTrial: true, accountStatus: 'trial' });
    ctx.clock.advance(8 * DAY_MS);
    expect(await writeStatus(ctx, await signIn(ctx, user.email, user.password))).toBe(403);
  });
});

describe.each(testEngines)('BILLING=stripe on %s', (engine) => {
  let ctx: TestContext;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    ctx = await buildTestApp(engine, { ...stripeEnv(fake), BILLING: 'stripe' });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it('reports stripe, has no test-mode pages, and ends the trial on time', async () => {
    expect(await siteBilling(ctx)).toBe('stripe');
    const user = await signedInUser(ctx);
    const started = await billingPost(ctx, user.cookies, '/api/billing/checkout-session', {});
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/billing/test-mode/checkout/${started.json().sessionId}`,
      ...asUser(user.cookies),
    });
    expect(page.statusCode).toBe(404);
    ctx.clock.advance(8 * DAY_MS);
    expect(await writeStatus(ctx, await signIn(ctx, user.email, user.password))).toBe(403);
  });
});
