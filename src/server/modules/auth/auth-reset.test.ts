import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import {
  mailsTo,
  mailTo,
  post,
  sessionEmail,
  signedInUser,
  signIn,
  strongPassword,
  tokenFromMail,
  uniqueEmail,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';

const NEW_PASSWORD = 'N3w&Password';
const HOUR = 60 * 60 * 1000;

describe.each(testEngines)('password reset on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { APP_URL: 'http://jotlist.test' });
  });
  afterAll(() => ctx.close());

  const forgot = (email: string) => post(ctx, '/api/auth/forgot-password', { email });
  const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
    post(ctx, '/api/auth/reset-password', { token, password, confirmPassword });
  const resetToken = async (email: string) => {
    const mail = await ctx.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Reset your Jotlist password' && !seen.has(m),
    );
    seen.add(mail);
    return tokenFromMail(ctx, mail, '/auth/reset-password');
  };
  const seen = new Set<object>();
  const expectInvalidLink = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'invalid_token', message: messages.auth.invalidResetLink },
    });
  };

  it('answers every address alike and mails a link only to an account', async () => {
    const user = await signedInUser(ctx);
    const unknown = uniqueEmail('nobody');
    const known = await forgot(user.email.toUpperCase());
    const none = await forgot(unknown);
    expect(known.statusCode).toBe(202);
    expect(none.statusCode).toBe(202);
    expect(none.body).toBe(known.body);
    const token = await resetToken(user.email);
    const mail = mailsTo(ctx, user.email).find((m) => m.subject.includes('Reset'));
    expect(mail?.text).toContain(`http://jotlist.test/auth/reset-password?token=${token}`);
    // Nothing for the unknown address, once all work after the answers has finished.
    await ctx.settle();
    expect(mailsTo(ctx, unknown)).toHaveLength(0);
  });

  it('sets the new password, ends every session, and the link works once', async () => {
    const user = await signedInUser(ctx);
    const other = await signIn(ctx, user.email, user.password, true);
    await forgot(user.email);
    const token = await resetToken(user.email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.cookies).toHaveLength(0);
    expect(await sessionEmail(ctx, user.cookies)).toBeNull();
    expect(await sessionEmail(ctx, other)).toBeNull();
    const refresh = await post(ctx, '/api/auth/refresh', undefined, { cookies: { ...other } });
    expect(refresh.statusCode).toBe(401);

    expect(
      (await post(ctx, '/api/auth/signin', { email: user.email, password: user.password })).statusCode,
    ).toBe(401);
    await signIn(ctx, user.email, NEW_PASSWORD);

    expectInvalidLink(await reset(token, 'Th1rd&Password'));
    await signIn(ctx, user.email, NEW_PASSWORD);
  });

  it('refuses a link older than one hour, and a forged one', async () => {
    const user = await signedInUser(ctx);
    await forgot(user.email);
    const token = await resetToken(user.email);
    ctx.clock.advance(HOUR + 1000);
    expectInvalidLink(await reset(token));
    expectInvalidLink(await reset('forged-token-value'));
    expectInvalidLink(await reset(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`));
    await signIn(ctx, user.email, user.password);
  });

  it('a used link spends the other outstanding links of that account', async () => {
    const user = await signedInUser(ctx);
    await forgot(user.email);
    const older = await resetToken(user.email);
    await forgot(user.email);
    const newer = await resetToken(user.email);
    expect((await reset(newer)).statusCode).toBe(200);
    expectInvalidLink(await reset(older, 'Th1rd&Password'));
  });

  it('checks the new password by every rule before spending the link', async () => {
    const user = await signedInUser(ctx);
    await forgot(user.email);
    const token = await resetToken(user.email);
    const weak = await reset(token, 'abcdefgh');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toEqual({ password: messages.validation.passwordUppercase });
    const mismatch = await reset(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.json().error.fields).toEqual({
      confirmPassword: messages.validation.passwordsDoNotMatch,
    });
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('confirms an unconfirmed address, since the link proved the mailbox', async () => {
    const email = uniqueEmail('late');
    await post(ctx, '/api/auth/signup', { email, password: strongPassword, confirmPassword: strongPassword });
    await mailTo(ctx, email, 'Confirm');
    await forgot(email);
    expect((await reset(await resetToken(email))).statusCode).toBe(200);
    await signIn(ctx, email, NEW_PASSWORD);
  });
});
