import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import {
  asUser,
  cookiesFrom,
  mailTo,
  post,
  sessionEmail,
  signedInUser,
  signIn,
  tokenFromMail,
  uniqueEmail,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { authCleanupJob, unconfirmedSignUpLifetimeMs } from './cleanup.job.ts';

const ATTACKER_PASSWORD = 'Att4cker&Pass';
const OWNER_PASSWORD = 'Own3r&Password';

/**
 * Pre-account takeover: someone signs up another person's address with a password they know, and waits
 * for the owner to get in another way. The first mailbox link the account did not sign up through
 * (a sign-in link, a reset link) clears that password; unconfirmed sign-ups do not live for ever.
 */
describe.each(testEngines)('no pre-account takeover on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { APP_URL: 'http://jotlist.test' });
  });
  afterAll(() => ctx.close());

  /** The attacker's sign-up; the confirmation mail goes to the owner's mailbox, who ignores it. */
  const attackerSignsUp = async (email: string) => {
    const res = await post(ctx, '/api/auth/signup', {
      email,
      password: ATTACKER_PASSWORD,
      confirmPassword: ATTACKER_PASSWORD,
    });
    expect(res.statusCode).toBe(202);
    const mail = await mailTo(ctx, email, 'Confirm your Jotlist account');
    return tokenFromMail(ctx, mail, '/auth/callback');
  };
  const signInLink = async (email: string) => {
    expect((await post(ctx, '/api/auth/signin-link', { email })).statusCode).toBe(202);
    const mail = await mailTo(ctx, email, 'Your Jotlist sign-in link');
    return tokenFromMail(ctx, mail, '/auth/callback?type=signin_link');
  };
  const resetPassword = async (email: string, password: string) => {
    expect((await post(ctx, '/api/auth/forgot-password', { email })).statusCode).toBe(202);
    const mail = await mailTo(ctx, email, 'Reset your Jotlist password');
    const token = tokenFromMail(ctx, mail, '/auth/reset-password');
    const res = await post(ctx, '/api/auth/reset-password', { token, password, confirmPassword: password });
    expect(res.statusCode).toBe(200);
  };
  const expectWrongCredentials = async (email: string, password: string) => {
    const res = await post(ctx, '/api/auth/signin', { email, password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'invalid_credentials', message: messages.auth.invalidCredentials },
    });
  };
  const userRow = (email: string) =>
    ctx.db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  it('a sign-in link clears the password someone else signed the address up with', async () => {
    const email = uniqueEmail('owner');
    const confirmToken = await attackerSignsUp(email);

    const redeemed = await post(ctx, '/api/auth/signin-link/redeem', { token: await signInLink(email) });
    expect(redeemed.statusCode).toBe(200);
    const owner = cookiesFrom(redeemed);
    expect(await sessionEmail(ctx, owner)).toBe(email);
    expect((await userRow(email)).email_confirmed_at).not.toBeNull();

    // The attacker's password no longer opens the account: the normal wrong-credentials answer.
    await expectWrongCredentials(email, ATTACKER_PASSWORD);
    // The sign-up's own link was spent with it.
    const confirm = await post(ctx, '/api/auth/confirm-email', { token: confirmToken });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().error).toEqual({ code: 'invalid_token', message: messages.auth.invalidLink });
    // Settings that ask for the current password refuse it too, without failing on the missing one.
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      payload: {
        currentPassword: ATTACKER_PASSWORD,
        password: OWNER_PASSWORD,
        confirmPassword: OWNER_PASSWORD,
      },
      ...asUser(owner),
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error.code).toBe('invalid_current_password');
    expect(await sessionEmail(ctx, owner)).toBe(email);

    // The owner sets a password of their own through the reset link.
    await resetPassword(email, OWNER_PASSWORD);
    await signIn(ctx, email, OWNER_PASSWORD);
    await expectWrongCredentials(email, ATTACKER_PASSWORD);
  });

  it('a reset link replaces the password someone else signed the address up with', async () => {
    const email = uniqueEmail('owner');
    await attackerSignsUp(email);
    await resetPassword(email, OWNER_PASSWORD);
    await expectWrongCredentials(email, ATTACKER_PASSWORD);
    await signIn(ctx, email, OWNER_PASSWORD);
  });

  it("a confirmed account's sign-in link changes neither its password nor its sessions", async () => {
    const user = await signedInUser(ctx);
    const res = await post(ctx, '/api/auth/signin-link/redeem', { token: await signInLink(user.email) });
    expect(res.statusCode).toBe(200);
    expect(await sessionEmail(ctx, user.cookies)).toBe(user.email);
    await signIn(ctx, user.email, user.password);
  });

  it('deletes unconfirmed sign-ups, with their data, once they are a few days old', async () => {
    const stale = uniqueEmail('stale');
    await attackerSignsUp(stale);
    const staleId = (await userRow(stale)).id;
    const confirmed = await signedInUser(ctx, { starterContent: true });
    ctx.clock.advance(unconfirmedSignUpLifetimeMs + 60_000);
    const fresh = uniqueEmail('fresh');
    await attackerSignsUp(fresh);

    await authCleanupJob.enqueue(ctx.db.db, ctx.clock.now, {});
    await ctx.settle();

    const count = async (
      table: 'users' | 'user_profiles' | 'auth_tokens' | 'notebooks' | 'todos',
      id: string,
    ) => {
      const column = table === 'users' || table === 'user_profiles' ? 'id' : 'user_id';
      return (await ctx.db.db.selectFrom(table).select(column).where(column, '=', id).execute()).length;
    };
    for (const table of ['users', 'user_profiles', 'auth_tokens', 'notebooks', 'todos'] as const) {
      expect(await count(table, staleId), table).toBe(0);
    }
    expect(await count('notebooks', confirmed.userId)).toBeGreaterThan(0);
    await signIn(ctx, confirmed.email, confirmed.password);
    expect((await userRow(fresh)).email_confirmed_at).toBeNull();
    // The address is free again: its owner can sign up.
    const again = await post(ctx, '/api/auth/signup', {
      email: stale,
      password: OWNER_PASSWORD,
      confirmPassword: OWNER_PASSWORD,
    });
    expect(again.statusCode).toBe(202);
    await ctx.settle();
    expect((await userRow(stale)).id).not.toBe(staleId);
  });
});
