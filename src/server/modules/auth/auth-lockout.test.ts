import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import {
  cookiesFrom,
  mailsTo,
  mailTo,
  post,
  sessionEmail,
  signedInUser,
  tokenFromMail,
  uniqueEmail,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';

const wrong = 'Wr0ng&Pass';
const minutes = (n: number) => n * 60_000;

/** docs/PRODUCT.md §10.2: only failures count, and a stranger's guesses never keep the owner out. */
describe.each(testEngines)('sign-in lockout on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  const signIn = (email: string, password: string, ip?: string) =>
    post(ctx, '/api/auth/signin', { email, password }, ip ? { remoteAddress: ip } : {});

  async function failTimes(email: string, times: number, ip?: string) {
    for (let i = 0; i < times; i++) expect((await signIn(email, wrong, ip)).statusCode).toBe(401);
  }

  async function signInLink(email: string) {
    expect((await post(ctx, '/api/auth/signin-link', { email })).statusCode).toBe(202);
    const mail = await mailTo(ctx, email, 'Your Jotlist sign-in link');
    expect(mail.text).toContain('expires in 15 minutes');
    return tokenFromMail(ctx, mail, '/auth/callback?type=signin_link');
  }

  const redeem = (token: string) => post(ctx, '/api/auth/signin-link/redeem', { token });

  it('never counts successes: many sign-ins in a row from one address all work', async () => {
    const user = await signedInUser(ctx);
    const ip = '198.51.100.20';
    for (let i = 0; i < 40; i++) expect((await signIn(user.email, user.password, ip)).statusCode).toBe(200);
  });

  it('counts failures: the right password below the limit works and clears the failures', async () => {
    const user = await signedInUser(ctx);
    const ip = '198.51.100.21';
    await failTimes(user.email, 9, ip);
    expect((await signIn(user.email, user.password, ip)).statusCode).toBe(200);
    // Cleared: ten more failures are needed before this address and client is refused.
    await failTimes(user.email, 10, ip);
    const refused = await signIn(user.email, user.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'rate_limited', message: messages.auth.rateLimited });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('at the per-address limit answers 429 with Retry-After; the owner gets in with a one-time link', async () => {
    const user = await signedInUser(ctx);
    // An attacker guesses 30 times from 30 addresses.
    await failTimes(user.email, 30);
    const refused = await signIn(user.email, user.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);

    const token = await signInLink(user.email);
    const first = await redeem(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user).toEqual({ id: user.userId, email: user.email });
    expect(await sessionEmail(ctx, cookiesFrom(first))).toBe(user.email);
    // Single use.
    const again = await redeem(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'invalid_token', message: messages.auth.invalidLink });
    // Signing in cleared the address's failures: the password works again at once.
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it("an attacker's 30 wrong passwords stop nobody once the window passes", async () => {
    const user = await signedInUser(ctx);
    await failTimes(user.email, 30);
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
    ctx.clock.advance(minutes(15) + 1000);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('a sign-in link expires after 15 minutes', async () => {
    const user = await signedInUser(ctx);
    const token = await signInLink(user.email);
    ctx.clock.advance(minutes(15) + 1000);
    const late = await redeem(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('invalid_token');
    expect(cookiesFrom(late)).toEqual({});
  });

  it('answers a link request alike for an unknown address, and mails nothing', async () => {
    const ghost = uniqueEmail('ghost');
    const res = await post(ctx, '/api/auth/signin-link', { email: ghost });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    await ctx.settle();
    expect(mailsTo(ctx, ghost)).toEqual([]);
    expect((await redeem('not-a-token')).statusCode).toBe(400);
  });

  it('stores link tokens hashed', async () => {
    const user = await signedInUser(ctx);
    const token = await signInLink(user.email);
    const rows = await ctx.db.db
      .selectFrom('auth_tokens')
      .select(['token_hash', 'kind'])
      .where('kind', '=', 'signin_link')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
  });
});
