import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  cookiesFrom,
  mailsTo,
  post,
  type SessionCookies,
  signedInUser,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';

const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const subject = 'New sign-in to your Jotlist account';

describe.each(testEngines)('signed-in devices on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { APP_URL: 'http://jotlist.test' });
  });
  afterAll(() => ctx.close());

  const signInFrom = async (user: { email: string; password: string }, userAgent: string) => {
    const res = await post(
      ctx,
      '/api/auth/signin',
      { email: user.email, password: user.password },
      { headers: { 'user-agent': userAgent } },
    );
    expect(res.statusCode).toBe(200);
    return cookiesFrom(res) as SessionCookies;
  };
  const devices = async (cookies: SessionCookies) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account/devices', ...asUser(cookies) });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const newSignInMails = (email: string) => mailsTo(ctx, email).filter((mail) => mail.subject === subject);

  it('lists each session by browser and OS, marks this one, and signs another out at once', async () => {
    const user = await signedInUser(ctx);
    const laptop = await signInFrom(user, chromeOnLinux);
    const phone = await signInFrom(user, safariOnIphone);
    const listed = await devices(laptop);
    expect(listed.newSignInMail).toBe(true);
    const mine = listed.devices.find((d: { current: boolean }) => d.current);
    expect(mine).toMatchObject({ browser: 'Chrome', os: 'Linux', current: true });
    const other = listed.devices.find((d: { browser: string }) => d.browser === 'Safari');
    expect(other).toMatchObject({ os: 'iOS', current: false, firstSeen: expect.any(String) });
    expect(listed.devices).toHaveLength(3);

    const out = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/account/devices/${other.id}`,
      ...asUser(laptop),
    });
    expect(out.statusCode).toBe(200);
    const phoneSession = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/devices',
      ...asUser(phone),
    });
    expect(phoneSession.statusCode).toBe(401);
    const refresh = await post(ctx, '/api/auth/refresh', undefined, asUser(phone));
    expect(refresh.statusCode).toBe(401);
    expect((await devices(laptop)).devices).toHaveLength(2);
  });

  it("cannot sign out another account's session", async () => {
    const ana = await signedInUser(ctx);
    const bob = await signedInUser(ctx);
    const bobsDevice = (await devices(bob.cookies)).devices[0];
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/account/devices/${bobsDevice.id}`,
      ...asUser(ana.cookies),
    });
    expect(res.statusCode).toBe(404);
    expect((await devices(bob.cookies)).devices).toHaveLength(1);
  });

  it('mails a sign-in from a new browser and OS only, unless turned off', async () => {
    const user = await signedInUser(ctx);
    const first = await signInFrom(user, chromeOnLinux);
    await ctx.smtp.waitFor((m) => m.to.includes(user.email) && m.subject === subject);
    const mail = newSignInMails(user.email)[0];
    expect(mail?.text).toContain('Browser: Chrome');
    expect(mail?.text).toContain('Operating system: Linux');
    expect(mail?.text).toMatch(/Time: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);

    // The same browser and OS again is not new; the mail queue is drained before counting.
    await signInFrom(user, chromeOnLinux);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/new-sign-in-mail',
      payload: { enabled: false },
      ...asUser(first),
    });
    expect(off.statusCode).toBe(200);
    expect((await devices(first)).newSignInMail).toBe(false);
    await signInFrom(user, firefoxOnWindows);
    // A mail sent after both would land after this marker, which is awaited as the positive signal.
    await post(ctx, '/api/auth/forgot-password', { email: user.email });
    await ctx.smtp.waitFor((m) => m.to.includes(user.email) && m.subject === 'Reset your Jotlist password');
    expect(newSignInMails(user.email)).toHaveLength(1);
  });
});
