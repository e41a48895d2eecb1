import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, cookiesFrom, mailTo, post, signedInUser, strongPassword } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * `npm start` with no APP_URL: the server answers at localhost, 127.0.0.1 and [::1] on its port, and a
 * page opened at any of them may sign up, sign in and save. With APP_URL set, its origin alone.
 */
describe.each(testEngines)('the origins a page may write from, on %s', (engine) => {
  let local: TestContext;
  let configured: TestContext;
  beforeAll(async () => {
    local = await buildTestApp(engine, { PORT: '3456' });
    configured = await buildTestApp(engine, { PORT: '3456', APP_URL: 'http://localhost:3456' });
  });
  afterAll(async () => {
    await local.close();
    await configured.close();
  });

  /** Signs in afresh and signs out with `origin`: the sign-out's status. */
  const signOutFrom = async (ctx: TestContext, origin: string) => {
    const user = await signedInUser(ctx);
    const signIn = await post(ctx, '/api/auth/signin', { email: user.email, password: user.password });
    const res = await post(ctx, '/api/auth/signout', undefined, {
      headers: { origin },
      ...asUser(cookiesFrom(signIn)),
    });
    return res.statusCode;
  };

  it('without APP_URL, accepts this machine by any of its loopback names on the port, nothing else', async () => {
    expect(local.config.APP_URL).toBe('http://localhost:3456');
    for (const origin of ['http://localhost:3456', 'http://127.0.0.1:3456', 'http://[::1]:3456']) {
      expect(await signOutFrom(local, origin), origin).toBe(200);
    }
    for (const origin of ['http://127.0.0.1:3457', 'https://127.0.0.1:3456', 'http://evil.test', 'null']) {
      expect(await signOutFrom(local, origin), origin).toBe(403);
    }
  });

  it('with APP_URL set, accepts its origin only', async () => {
    expect(await signOutFrom(configured, 'http://localhost:3456')).toBe(200);
    for (const origin of ['http://127.0.0.1:3456', 'http://[::1]:3456']) {
      expect(await signOutFrom(configured, origin), origin).toBe(403);
    }
  });
  /** Signs up with `host` as the Host header: the first link of the confirmation mail. */
  const confirmLinkVia = async (ctx: TestContext, host: string) => {
    const email = `link-${crypto.randomUUID()}@example.test`;
    const res = await post(
      ctx,
      '/api/auth/signup',
      { email, password: strongPassword, confirmPassword: strongPassword },
      { headers: { host } },
    );
    expect(res.statusCode).toBe(202);
    const mail = await mailTo(ctx, email, 'Confirm');
    return /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
  };

  it('without APP_URL, mails links to the loopback address the person is using', async () => {
    expect(await confirmLinkVia(local, '127.0.0.1:3456')).toMatch(
      /^http:\/\/127\.0\.0\.1:3456\/auth\/callback\?token=/,
    );
    expect(await confirmLinkVia(local, 'localhost:3456')).toMatch(
      /^http:\/\/localhost:3456\/auth\/callback\?/,
    );
    // A Host header outside those addresses never makes a link.
    expect(await confirmLinkVia(local, 'evil.test')).toMatch(/^http:\/\/localhost:3456\/auth\/callback\?/);
  });

  it('with APP_URL set, mails links to APP_URL whatever the Host header', async () => {
    expect(await confirmLinkVia(configured, '127.0.0.1:3456')).toMatch(
      /^http:\/\/localhost:3456\/auth\/callback\?/,
    );
  });
});
