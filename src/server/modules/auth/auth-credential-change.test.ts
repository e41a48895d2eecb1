import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import {
  asUser,
  mailTo,
  post,
  type SessionCookies,
  sessionEmail,
  signedInUser,
  signIn,
  tokenFromMail,
  uniqueEmail,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';

const NEW_PASSWORD = 'N3w&Password';
const THIRD_PASSWORD = 'Th1rd&Password';

/**
 * Any password or e-mail change spends every outstanding mailed link of the account and ends its other
 * sessions (a reset ends them all), so nobody who once held the old credential, the old mailbox or a
 * session keeps a way back in.
 */
describe.each(testEngines)('a credential change ends every old link on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { APP_URL: 'http://jotlist.test' });
  });
  afterAll(() => ctx.close());

  type User = Awaited<ReturnType<typeof signedInUser>>;

  const resetLink = async (email: string) => {
    expect((await post(ctx, '/api/auth/forgot-password', { email })).statusCode).toBe(202);
    return tokenFromMail(
      ctx,
      await mailTo(ctx, email, 'Reset your Jotlist password'),
      '/auth/reset-password',
    );
  };
  const signInLink = async (email: string) => {
    expect((await post(ctx, '/api/auth/signin-link', { email })).statusCode).toBe(202);
    const mail = await mailTo(ctx, email, 'Your Jotlist sign-in link');
    return tokenFromMail(ctx, mail, '/auth/callback?type=signin_link');
  };
  const emailChangeLink = async (user: User, newEmail: string) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/email',
      payload: { currentPassword: user.password, email: newEmail },
      ...asUser(user.cookies),
    });
    expect(res.statusCode).toBe(202);
    const mail = await mailTo(ctx, newEmail, 'Confirm your new Jotlist e-mail address');
    return tokenFromMail(ctx, mail, '/auth/callback?type=email_change');
  };

  const openResetLink = (token: string) =>
    post(ctx, '/api/auth/reset-password', {
      token,
      password: THIRD_PASSWORD,
      confirmPassword: THIRD_PASSWORD,
    });
  const openSignInLink = (token: string) => post(ctx, '/api/auth/signin-link/redeem', { token });
  const openEmailChangeLink = (token: string, cookies: Partial<SessionCookies> = {}) =>
    post(ctx, '/api/account/confirm-email-change', { token }, asUser(cookies));

  const expectRefused = (res: { statusCode: number; json(): unknown }, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid_token', message } });
  };

  /** A read that needs a session: 200 while it lives, 401 once it ended. */
  const readTree = (credentials: { cookies: Partial<SessionCookies> } | { bearer: string }) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/notes/tree',
      ...('bearer' in credentials
        ? { headers: { authorization: `Bearer ${credentials.bearer}` } }
        : asUser(credentials.cookies)),
    });

  /** Another device, signed in and already used (so its session sits in the cache the change must clear). */
  const otherDevice = async (user: User) => {
    const cookies = await signIn(ctx, user.email, user.password, true);
    expect((await readTree({ bearer: cookies.jl_access })).statusCode).toBe(200);
    expect((await readTree({ cookies })).statusCode).toBe(200);
    return cookies;
  };
  const expectEnded = async (cookies: SessionCookies) => {
    expect((await readTree({ bearer: cookies.jl_access })).statusCode).toBe(401);
    expect((await readTree({ cookies })).statusCode).toBe(401);
    expect((await post(ctx, '/api/auth/refresh', undefined, asUser(cookies))).statusCode).toBe(401);
  };

  it('a password reset spends the e-mail change and sign-in links and ends every session', async () => {
    const user = await signedInUser(ctx);
    const laptop = await otherDevice(user);
    const changeToken = await emailChangeLink(user, uniqueEmail('attacker'));
    const signInToken = await signInLink(user.email);
    const resetToken = await resetLink(user.email);

    expect(
      (
        await post(ctx, '/api/auth/reset-password', {
          token: resetToken,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);

    expectRefused(await openEmailChangeLink(changeToken), messages.auth.invalidLink);
    expectRefused(await openSignInLink(signInToken), messages.auth.invalidLink);
    await expectEnded(laptop);
    await expectEnded(user.cookies);
    // The address stayed the owner's, and only the new password opens it.
    await signIn(ctx, user.email, NEW_PASSWORD);
  });

  it('an e-mail change spends the links mailed to the old address and ends the other sessions', async () => {
    const user = await signedInUser(ctx);
    const laptop = await otherDevice(user);
    const resetToken = await resetLink(user.email);
    const signInToken = await signInLink(user.email);
    const newEmail = uniqueEmail('moved');
    const changeToken = await emailChangeLink(user, newEmail);

    const changed = await openEmailChangeLink(changeToken, user.cookies);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toEqual({ id: user.userId, email: newEmail });

    expectRefused(await openResetLink(resetToken), messages.auth.invalidResetLink);
    expectRefused(await openSignInLink(signInToken), messages.auth.invalidLink);
    await expectEnded(laptop);
    // The browser that opened the link stays signed in, under the new address.
    expect(await sessionEmail(ctx, user.cookies)).toBe(newEmail);
    expect((await readTree({ bearer: user.cookies.jl_access })).statusCode).toBe(200);
    await signIn(ctx, newEmail, user.password);
  });

  it('an e-mail change opened where nobody is signed in ends every session of the account', async () => {
    const user = await signedInUser(ctx);
    const laptop = await otherDevice(user);
    const newEmail = uniqueEmail('moved');
    const changed = await openEmailChangeLink(await emailChangeLink(user, newEmail));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ user: null, profile: null });
    await expectEnded(laptop);
    await expectEnded(user.cookies);
    await signIn(ctx, newEmail, user.password);
  });

  it('a password change spends the sign-in, reset and e-mail change links and keeps only this session', async () => {
    const user = await signedInUser(ctx);
    const laptop = await otherDevice(user);
    const signInToken = await signInLink(user.email);
    const resetToken = await resetLink(user.email);
    const changeToken = await emailChangeLink(user, uniqueEmail('attacker'));

    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      payload: { currentPassword: user.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ...asUser(user.cookies),
    });
    expect(res.statusCode).toBe(200);

    expectRefused(await openSignInLink(signInToken), messages.auth.invalidLink);
    expectRefused(await openResetLink(resetToken), messages.auth.invalidResetLink);
    expectRefused(await openEmailChangeLink(changeToken, user.cookies), messages.auth.invalidLink);
    await expectEnded(laptop);
    expect(await sessionEmail(ctx, user.cookies)).toBe(user.email);
    expect((await readTree({ bearer: user.cookies.jl_access })).statusCode).toBe(200);
    await signIn(ctx, user.email, NEW_PASSWORD);
  });
});
