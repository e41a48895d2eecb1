import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import {
  asUser,
  confirmPassword,
  cookiesFrom,
  mailsTo,
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

describe.each(testEngines)('account settings on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { APP_URL: 'http://jotlist.test' });
  });
  afterAll(() => ctx.close());

  const send = (method: 'PUT' | 'DELETE', url: string, cookies: Partial<SessionCookies>, payload: object) =>
    ctx.app.inject({ method, url, payload, ...asUser(cookies) });
  const changePassword = (cookies: Partial<SessionCookies>, body: object) =>
    send('PUT', '/api/account/password', cookies, body);
  const changeEmail = (cookies: Partial<SessionCookies>, body: object) =>
    send('PUT', '/api/account/email', cookies, body);
  const rowCount = async (table: 'users' | 'user_profiles' | 'sessions' | 'auth_tokens', userId: string) => {
    const column = table === 'users' || table === 'user_profiles' ? 'id' : 'user_id';
    const rows = await ctx.db.db.selectFrom(table).select(column).where(column, '=', userId).execute();
    return rows.length;
  };

  it('refuses every account change without a session', async () => {
    const attempts = [
      changePassword({}, { currentPassword: 'x', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      changeEmail({}, { currentPassword: 'x', email: uniqueEmail() }),
      send('DELETE', '/api/account', {}, { confirmation: 'DELETE' }),
      send('DELETE', '/api/account', { jl_access: 'forged' }, { confirmation: 'DELETE' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  describe('change password', () => {
    it('needs the current password', async () => {
      const user = await signedInUser(ctx);
      const res = await changePassword(user.cookies, {
        currentPassword: 'Wr0ng&Pass',
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'invalid_current_password',
        message: messages.auth.invalidCurrentPassword,
        fields: { currentPassword: messages.auth.invalidCurrentPassword },
      });
      await signIn(ctx, user.email, user.password);
    });

    it('checks the new password and its confirmation', async () => {
      const user = await signedInUser(ctx);
      const short = await changePassword(user.cookies, {
        currentPassword: user.password,
        password: 'Ab1!',
        confirmPassword: 'Ab1!',
      });
      expect(short.json().error.fields).toEqual({ password: messages.validation.passwordTooShort });
      const mismatch = await changePassword(user.cookies, {
        currentPassword: user.password,
        password: NEW_PASSWORD,
        confirmPassword: 'N3w&Passwor',
      });
      expect(mismatch.json().error.fields).toEqual({
        confirmPassword: messages.validation.passwordsDoNotMatch,
      });
    });

    it('changes it, keeps this session and ends the others', async () => {
      const user = await signedInUser(ctx);
      const laptop = await signIn(ctx, user.email, user.password, true);
      const res = await changePassword(user.cookies, {
        currentPassword: user.password,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(await sessionEmail(ctx, user.cookies)).toBe(user.email);
      expect(await sessionEmail(ctx, laptop)).toBeNull();
      expect((await post(ctx, '/api/auth/refresh', undefined, asUser(laptop))).statusCode).toBe(401);
      expect(
        (await post(ctx, '/api/auth/signin', { email: user.email, password: user.password })).statusCode,
      ).toBe(401);
      await signIn(ctx, user.email, NEW_PASSWORD);
    });
  });

  describe('change e-mail', () => {
    it('needs the current password and a valid address', async () => {
      const user = await signedInUser(ctx);
      const wrong = await changeEmail(user.cookies, { currentPassword: 'Wr0ng&Pass', email: uniqueEmail() });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('invalid_current_password');
      const invalid = await changeEmail(user.cookies, {
        currentPassword: user.password,
        email: 'no-at-sign',
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error.fields).toEqual({ email: messages.validation.emailInvalid });
    });

    it('mails the new address; the address changes only when the link is opened', async () => {
      const user = await signedInUser(ctx);
      const laptop = await signIn(ctx, user.email, user.password);
      const newEmail = uniqueEmail('moved');
      const res = await changeEmail(user.cookies, {
        currentPassword: user.password,
        email: newEmail.toUpperCase(),
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ ok: true });

      const mail = await mailTo(ctx, newEmail, 'Confirm your new Jotlist e-mail address');
      const token = tokenFromMail(ctx, mail, '/auth/callback');
      expect(mail.text).toContain(`http://jotlist.test/auth/callback?type=email_change&token=${token}`);
      expect(await sessionEmail(ctx, user.cookies)).toBe(user.email);

      const confirmed = await post(ctx, '/api/account/confirm-email-change', { token }, asUser(user.cookies));
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().user).toEqual({ id: user.userId, email: newEmail });
      expect(cookiesFrom(confirmed)).toEqual({});
      expect(await sessionEmail(ctx, user.cookies)).toBe(newEmail);
      // A credential change: the other sessions end (auth-credential-change.test.ts).
      expect(await sessionEmail(ctx, laptop)).toBeNull();

      const notice = await mailTo(ctx, user.email, 'Your Jotlist e-mail address was changed');
      expect(notice.text).toContain(newEmail);
      expect(
        (await post(ctx, '/api/auth/signin', { email: user.email, password: user.password })).statusCode,
      ).toBe(401);
      await signIn(ctx, newEmail, user.password);

      const again = await post(ctx, '/api/account/confirm-email-change', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toEqual({ code: 'invalid_token', message: messages.auth.invalidLink });
    });

    it('opened in a browser that is not signed in, changes the address and signs everyone out', async () => {
      const user = await signedInUser(ctx);
      const newEmail = uniqueEmail('elsewhere');
      await changeEmail(user.cookies, { currentPassword: user.password, email: newEmail });
      const token = tokenFromMail(ctx, await mailTo(ctx, newEmail, 'Confirm your new'), '/auth/callback');
      const res = await post(ctx, '/api/account/confirm-email-change', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null, profile: null });
      expect(res.cookies).toHaveLength(0);
      expect(await sessionEmail(ctx, user.cookies)).toBeNull();
      await signIn(ctx, newEmail, user.password);
    });

    it('does not reveal that an address belongs to another account', async () => {
      const user = await signedInUser(ctx);
      const owner = await signedInUser(ctx);
      const free = await changeEmail(user.cookies, { currentPassword: user.password, email: uniqueEmail() });
      const taken = await changeEmail(user.cookies, { currentPassword: user.password, email: owner.email });
      expect(taken.statusCode).toBe(free.statusCode);
      expect(taken.body).toBe(free.body);
      // No mail to the owner, once all work after the answers has finished.
      await ctx.settle();
      expect(mailsTo(ctx, owner.email).filter((m) => m.subject.includes('new Jotlist e-mail'))).toHaveLength(
        0,
      );
      expect(await sessionEmail(ctx, user.cookies)).toBe(user.email);
    });

    it('refuses a link whose address was taken meanwhile', async () => {
      const user = await signedInUser(ctx);
      const wanted = uniqueEmail('contested');
      await changeEmail(user.cookies, { currentPassword: user.password, email: wanted });
      const token = tokenFromMail(ctx, await mailTo(ctx, wanted, 'Confirm your new'), '/auth/callback');
      await signedInUser(ctx, { email: wanted });
      const res = await post(ctx, '/api/account/confirm-email-change', { token }, asUser(user.cookies));
      expect(res.statusCode).toBe(400);
      expect(await sessionEmail(ctx, user.cookies)).toBe(user.email);
    });
  });

  describe('re-authentication', () => {
    const reauth = (cookies: Partial<SessionCookies>, password: string) =>
      post(ctx, '/api/account/reauth', { password }, asUser(cookies));
    const remove = (cookies: Partial<SessionCookies>) =>
      send('DELETE', '/api/account', cookies, { confirmation: 'DELETE' });

    it('refuses to delete the account without a password confirmed on this session', async () => {
      const user = await signedInUser(ctx);
      const res = await remove(user.cookies);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'reauth_required', message: messages.auth.reauthRequired });
      expect(await rowCount('users', user.userId)).toBe(1);
    });

    it('refuses a wrong password and records nothing', async () => {
      const user = await signedInUser(ctx);
      const wrong = await reauth(user.cookies, 'Wr0ng&Password');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('invalid_current_password');
      expect((await remove(user.cookies)).statusCode).toBe(403);
      expect((await reauth({}, user.password)).statusCode).toBe(401);
    });

    it('counts only on the session that confirmed, and only for five minutes', async () => {
      const user = await signedInUser(ctx);
      const phone = await signIn(ctx, user.email, user.password);
      await confirmPassword(ctx, phone);
      // Another device's confirmation does not count here.
      expect((await remove(user.cookies)).statusCode).toBe(403);
      await confirmPassword(ctx, user.cookies);
      ctx.clock.advance(5 * 60_000 + 1000);
      expect((await remove(user.cookies)).statusCode).toBe(403);
      await confirmPassword(ctx, user.cookies);
      ctx.clock.advance(4 * 60_000);
      expect((await remove(user.cookies)).statusCode).toBe(200);
      expect(await rowCount('users', user.userId)).toBe(0);
    });
  });

  describe('delete account', () => {
    it('requires typing DELETE exactly', async () => {
      const user = await signedInUser(ctx);
      for (const confirmation of ['delete', 'DELETE ', '']) {
        const res = await send('DELETE', '/api/account', user.cookies, { confirmation });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toEqual({ confirmation: messages.validation.typeDelete });
      }
      expect(await rowCount('users', user.userId)).toBe(1);
    });

    it('removes every row of the user, clears the cookies, and the account is gone', async () => {
      const user = await signedInUser(ctx);
      const bystander = await signedInUser(ctx);
      await signIn(ctx, user.email, user.password, true);
      await post(ctx, '/api/auth/forgot-password', { email: user.email });
      await mailTo(ctx, user.email, 'Reset');
      expect(await rowCount('sessions', user.userId)).toBe(2);
      expect(await rowCount('auth_tokens', user.userId)).toBeGreaterThan(0);

      await confirmPassword(ctx, user.cookies);
      const res = await send('DELETE', '/api/account', user.cookies, { confirmation: 'DELETE' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(cookiesFrom(res)).toEqual({ jl_access: '', jl_refresh: '' });

      for (const table of ['users', 'user_profiles', 'sessions', 'auth_tokens'] as const) {
        expect(await rowCount(table, user.userId)).toBe(0);
      }
      const orphanTokens = await ctx.db.db
        .selectFrom('refresh_tokens')
        .leftJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
        .select('refresh_tokens.token_hash')
        .where('sessions.id', 'is', null)
        .execute();
      expect(orphanTokens).toHaveLength(0);
      expect(await sessionEmail(ctx, user.cookies)).toBeNull();
      const again = await post(ctx, '/api/auth/signin', { email: user.email, password: user.password });
      expect(again.statusCode).toBe(401);
      expect(again.json().error.code).toBe('invalid_credentials');

      // Nobody else is touched.
      expect(await sessionEmail(ctx, bystander.cookies)).toBe(bystander.email);
      expect(await rowCount('user_profiles', bystander.userId)).toBe(1);
    });
  });
});
