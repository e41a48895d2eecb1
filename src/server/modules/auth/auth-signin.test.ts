import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import {
  asUser,
  cookiesFrom,
  mailTo,
  post,
  sessionEmail,
  signedInUser,
  strongPassword,
  uniqueEmail,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';

const setCookies = (res: LightMyRequestResponse): string[] => {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
};
const setCookie = (res: LightMyRequestResponse, name: string) =>
  setCookies(res).find((line) => line.startsWith(`${name}=`)) ?? '';
const maxAge = (line: string) => Number(/Max-Age=(\d+)/i.exec(line)?.[1] ?? Number.NaN);

describe.each(testEngines)('sign-in on %s', (engine) => {
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { APP_URL: 'http://jotlist.test' });
    user = await signedInUser(ctx);
  });
  afterAll(() => ctx.close());

  const signInRes = (body: object, extra = {}) => post(ctx, '/api/auth/signin', body, extra);

  it('answers an unknown address and a wrong password with the same 401 body', async () => {
    const unknown = await signInRes({ email: uniqueEmail('ghost'), password: strongPassword });
    const wrong = await signInRes({ email: user.email, password: 'Wr0ng&Pass' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'invalid_credentials', message: messages.auth.invalidCredentials },
      });
      expect(res.cookies).toHaveLength(0);
    }
    expect(unknown.body).toBe(wrong.body);
  });

  it('says "not confirmed" only to someone who knows the password', async () => {
    const email = uniqueEmail('pending');
    await post(ctx, '/api/auth/signup', { email, password: strongPassword, confirmPassword: strongPassword });
    await mailTo(ctx, email, 'Confirm');
    expect((await signInRes({ email, password: 'Wr0ng&Pass' })).statusCode).toBe(401);
    const right = await signInRes({ email, password: strongPassword });
    expect(right.statusCode).toBe(403);
    expect(right.json().error).toEqual({
      code: 'email_not_confirmed',
      message: messages.auth.emailNotConfirmed,
    });
  });

  it('requires an e-mail and a password', async () => {
    const res = await signInRes({ email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: messages.validation.emailRequired,
      password: messages.validation.passwordRequired,
    });
  });

  it('without remember me sets browser-session cookies: httpOnly, SameSite=Lax, no Max-Age, not Secure', async () => {
    const res = await signInRes({ email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { id: user.userId, email: user.email },
      profile: expect.objectContaining({ accountStatus: 'trial' }),
    });
    const access = setCookie(res, 'jl_access');
    const refresh = setCookie(res, 'jl_refresh');
    for (const line of [access, refresh]) {
      expect(line).toMatch(/; HttpOnly/i);
      expect(line).toMatch(/; SameSite=Lax/i);
      expect(line).not.toMatch(/Max-Age|Expires/i);
      expect(line).not.toMatch(/; Secure/i);
    }
    expect(access).toMatch(/; Path=\/api(;|$)/);
    expect(refresh).toMatch(/; Path=\/api\/auth(;|$)/);
    // 256-bit random tokens, base64url.
    expect(cookiesFrom(res).jl_access).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookiesFrom(res).jl_refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('with remember me gives the refresh cookie a Max-Age to the 90-day end, the access cookie 15 minutes', async () => {
    const res = await signInRes({ email: user.email, password: user.password, rememberMe: true });
    expect(res.statusCode).toBe(200);
    expect(maxAge(setCookie(res, 'jl_access'))).toBe(15 * 60);
    expect(maxAge(setCookie(res, 'jl_refresh'))).toBe(90 * 24 * 60 * 60);
    expect(setCookie(res, 'jl_refresh')).toMatch(/; HttpOnly/i);
    expect(setCookie(res, 'jl_refresh')).toMatch(/; SameSite=Lax/i);
  });

  it('accepts the access token as a Bearer header, for API clients', async () => {
    const cookies = cookiesFrom(await signInRes({ email: user.email, password: user.password }));
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${cookies.jl_access}` },
    });
    expect(res.json().user).toEqual({ id: user.userId, email: user.email });
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.json()).toEqual({ user: null, profile: null });
    // A Bearer request needs no Origin check: it cannot ride on a victim's cookies.
    const signOutAll = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signout-all',
      headers: { authorization: `Bearer ${cookies.jl_access}`, origin: 'http://elsewhere.test' },
    });
    expect(signOutAll.statusCode).toBe(200);
    expect(await sessionEmail(ctx, cookies)).toBeNull();
  });

  it('refuses state-changing requests with cookies from another origin, with 403 forbidden', async () => {
    const cookies = cookiesFrom(await signInRes({ email: user.email, password: user.password }));
    const crossSite = [
      { origin: 'http://evil.test' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      // Only APP_URL's origin counts, never the request's own Host or X-Forwarded-Host (docs/accounts.md).
      { origin: 'http://localhost:80', host: 'localhost:80' },
      { origin: 'http://evil.test', 'x-forwarded-host': 'evil.test' },
    ];
    for (const headers of crossSite) {
      const res = await post(ctx, '/api/auth/signout-all', undefined, { headers, ...asUser(cookies) });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    expect(await sessionEmail(ctx, cookies)).toBe(user.email);
    // Signing someone into an attacker's account (login CSRF) is refused too.
    const loginCsrf = await signInRes(
      { email: user.email, password: user.password },
      { headers: { origin: 'http://evil.test' } },
    );
    expect(loginCsrf.statusCode).toBe(403);

    // Our own origin and same-origin fetch metadata pass.
    for (const headers of [{ origin: 'http://jotlist.test' }, { 'sec-fetch-site': 'same-origin' }]) {
      const fresh = cookiesFrom(await signInRes({ email: user.email, password: user.password }));
      const res = await post(ctx, '/api/auth/signout', undefined, { headers, ...asUser(fresh) });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limits attempts per address and client to 10 per 15 minutes, then answers 429', async () => {
    const victim = await signedInUser(ctx);
    const ip = '198.51.100.7';
    for (let i = 0; i < 10; i++) {
      const res = await signInRes({ email: victim.email, password: 'Wr0ng&Pass' }, { remoteAddress: ip });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signInRes(
      { email: victim.email, password: victim.password },
      { remoteAddress: ip },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({ code: 'rate_limited', message: messages.auth.rateLimited });
    // The owner, from elsewhere, still gets in; and the window passes.
    expect((await signInRes({ email: victim.email, password: victim.password })).statusCode).toBe(200);
    ctx.clock.advance(15 * 60 * 1000 + 1000);
    const later = await signInRes({ email: victim.email, password: victim.password }, { remoteAddress: ip });
    expect(later.statusCode).toBe(200);
  });

  it('limits attempts on one address from many clients', async () => {
    const victim = await signedInUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await signInRes({ email: victim.email, password: 'Wr0ng&Pass' })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('cookies behind https', () => {
  it('are Secure when APP_URL is https', async () => {
    const ctx = await buildTestApp('sqlite', { APP_URL: 'https://jotlist.example' });
    try {
      const user = await signedInUser(ctx);
      const res = await post(
        ctx,
        '/api/auth/signin',
        { email: user.email, password: user.password },
        { headers: { origin: 'https://jotlist.example' } },
      );
      expect(res.statusCode).toBe(200);
      for (const name of ['__Host-jl_access', '__Host-jl_refresh']) {
        expect(setCookie(res, name)).toMatch(/; Secure/i);
        expect(setCookie(res, name)).toMatch(/; HttpOnly/i);
      }
    } finally {
      await ctx.close();
    }
  });
});
