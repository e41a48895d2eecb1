import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';

const origin = 'https://jotlist.example';
const setCookieLines = (res: LightMyRequestResponse): string[] => {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
};
const lineFor = (res: LightMyRequestResponse, name: string) =>
  setCookieLines(res).find((line) => line.startsWith(`${name}=`)) ?? '';
const cookieValue = (res: LightMyRequestResponse, name: string) =>
  lineFor(res, name).split(';')[0]?.split('=')[1] ?? '';
const cleared = (line: string) => /^[^=]+=;/.test(line) && /Expires=Thu, 01 Jan 1970/i.test(line);

describe.each(testEngines)('__Host- session cookies behind https on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { APP_URL: origin });
  });
  afterAll(() => ctx.close());

  const signIn = async () => {
    const user = await signedInUser(ctx);
    const res = await post(
      ctx,
      '/api/auth/signin',
      { email: user.email, password: user.password },
      { headers: { origin } },
    );
    expect(res.statusCode).toBe(200);
    return { user, res };
  };
  const sessionWith = (cookies: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies });

  it('issues __Host- cookies: Secure, Path=/, no Domain, and no plain ones', async () => {
    const { res } = await signIn();
    for (const name of ['__Host-jl_access', '__Host-jl_refresh']) {
      const line = lineFor(res, name);
      expect(line).toMatch(/; Secure/i);
      expect(line).toMatch(/; Path=\/(;|$)/);
      expect(line).toMatch(/; HttpOnly/i);
      expect(line).not.toMatch(/Domain=/i);
    }
    // The plain names are only ever cleared behind https, never set.
    expect(cleared(lineFor(res, 'jl_access'))).toBe(true);
    expect(cleared(lineFor(res, 'jl_refresh'))).toBe(true);
    const session = await sessionWith({ '__Host-jl_access': cookieValue(res, '__Host-jl_access') });
    expect(session.json().user).not.toBeNull();
  });

  it('keeps a browser signed in under the old names, moves it to the new ones at the next refresh', async () => {
    const { user, res } = await signIn();
    // A browser signed in before the move holds the same session under the plain names.
    const legacy = {
      jl_access: cookieValue(res, '__Host-jl_access'),
      jl_refresh: cookieValue(res, '__Host-jl_refresh'),
    };
    const session = await sessionWith({ jl_access: legacy.jl_access });
    expect(session.json().user.email).toBe(user.email);

    const refreshed = await post(ctx, '/api/auth/refresh', undefined, {
      headers: { origin },
      cookies: { jl_refresh: legacy.jl_refresh },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(cookieValue(refreshed, '__Host-jl_access')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookieValue(refreshed, '__Host-jl_refresh')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cleared(lineFor(refreshed, 'jl_access'))).toBe(true);
    expect(cleared(lineFor(refreshed, 'jl_refresh'))).toBe(true);
    const after = await sessionWith({ '__Host-jl_access': cookieValue(refreshed, '__Host-jl_access') });
    expect(after.json().user.email).toBe(user.email);
  });

  it('sends HSTS for a year, without includeSubDomains unless the setting asks', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const withSubdomains = await buildTestApp(engine, { APP_URL: origin, HSTS_INCLUDE_SUBDOMAINS: 'on' });
    try {
      const sub = await withSubdomains.app.inject({ method: 'GET', url: '/api/health' });
      expect(sub.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await withSubdomains.close();
    }
  });

  it('allows images from this origin and data: only, and https images on the public blog alone', async () => {
    const app = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(app.headers['content-security-policy'])).toContain("img-src 'self' data:;");
    const blog = await ctx.app.inject({ method: 'GET', url: '/blog' });
    expect(String(blog.headers['content-security-policy'])).toContain("img-src 'self' data: https:;");
  });
});
