import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  confirmPassword,
  cookiesFrom,
  post,
  type SessionCookies,
  signedInUser,
  signIn,
  tokenFromMail,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';

const NEW_PASSWORD = 'N3w&Password';

/**
 * Signed-in requests are answered from a short-lived identity cache (session-cache.ts). Revocation must
 * still be immediate: each case first makes requests with every session involved, so their entries are
 * cached, then ends them and expects the very next request to be refused.
 */
describe.each(testEngines)('revocation with a warm session cache on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  /** A request that needs a signed-in user: the status says whether the access token still works. */
  const treeStatus = async (cookies: Partial<SessionCookies>) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/notes/tree', ...asUser(cookies) })).statusCode;
  const bearerStatus = async (accessToken: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/notes/tree',
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).statusCode;
  /** Two requests each, so the second surely comes from the cache. */
  const warm = async (...sessions: Array<Partial<SessionCookies>>) => {
    for (const cookies of sessions) {
      expect(await treeStatus(cookies)).toBe(200);
      expect(await treeStatus(cookies)).toBe(200);
    }
  };

  it('signing out ends this session at once', async () => {
    const user = await signedInUser(ctx);
    await warm(user.cookies);
    expect((await post(ctx, '/api/auth/signout', undefined, asUser(user.cookies))).statusCode).toBe(200);
    expect(await treeStatus(user.cookies)).toBe(401);
    expect(await bearerStatus(user.cookies.jl_access)).toBe(401);
  });

  it('signing out everywhere ends the other sessions at once', async () => {
    const user = await signedInUser(ctx);
    const phone = await signIn(ctx, user.email, user.password);
    await warm(user.cookies, phone);
    const res = await post(ctx, '/api/auth/signout-all', undefined, asUser(user.cookies));
    expect(res.statusCode).toBe(200);
    expect(await treeStatus(phone)).toBe(401);
    expect(await bearerStatus(phone.jl_access)).toBe(401);
    expect(await treeStatus(user.cookies)).toBe(401);
  });

  it('a password reset ends every session at once', async () => {
    const user = await signedInUser(ctx);
    const phone = await signIn(ctx, user.email, user.password);
    await warm(user.cookies, phone);
    expect((await post(ctx, '/api/auth/forgot-password', { email: user.email })).statusCode).toBe(202);
    const mail = await ctx.smtp.waitFor(
      (m) => m.to.includes(user.email) && m.subject === 'Reset your Jotlist password',
    );
    const token = tokenFromMail(ctx, mail, '/auth/reset-password');
    const reset = await post(ctx, '/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(await treeStatus(user.cookies)).toBe(401);
    expect(await treeStatus(phone)).toBe(401);
  });

  it('changing the password ends the other sessions at once and keeps this one', async () => {
    const user = await signedInUser(ctx);
    const phone = await signIn(ctx, user.email, user.password);
    await warm(user.cookies, phone);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      payload: { currentPassword: user.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ...asUser(user.cookies),
    });
    expect(res.statusCode).toBe(200);
    expect(await treeStatus(phone)).toBe(401);
    expect(await treeStatus(user.cookies)).toBe(200);
  });

  it('deleting the account ends its sessions at once', async () => {
    const user = await signedInUser(ctx);
    const phone = await signIn(ctx, user.email, user.password);
    await warm(user.cookies, phone);
    await confirmPassword(ctx, user.cookies);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { confirmation: 'DELETE' },
      ...asUser(user.cookies),
    });
    expect(res.statusCode).toBe(200);
    expect(await treeStatus(user.cookies)).toBe(401);
    expect(await treeStatus(phone)).toBe(401);
  });

  it('a refresh retires the previous access token at once', async () => {
    const user = await signedInUser(ctx);
    await warm(user.cookies);
    const res = await post(ctx, '/api/auth/refresh', undefined, asUser(user.cookies));
    expect(res.statusCode).toBe(200);
    const next = cookiesFrom(res) as SessionCookies;
    expect(next.jl_access).not.toBe(user.cookies.jl_access);
    expect(await bearerStatus(user.cookies.jl_access)).toBe(401);
    expect(await bearerStatus(next.jl_access)).toBe(200);
  });

  it('a cached access token still expires on time', async () => {
    const user = await signedInUser(ctx);
    await warm(user.cookies);
    ctx.clock.advance(15 * 60 * 1000);
    expect(await treeStatus(user.cookies)).toBe(401);
  });
});
