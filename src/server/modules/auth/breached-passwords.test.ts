import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import {
  asUser,
  mailsTo,
  post,
  signedInUser,
  signIn,
  strongPassword,
  tokenFromMail,
  uniqueEmail,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { isBreachedPassword } from './breached-passwords.ts';

const breached = messages.validation.passwordBreached;
const refusal = { code: 'validation_failed', message: breached, fields: { password: breached } };

describe('the breached-password list', () => {
  it('knows common passwords and listed words dressed up to pass the composition rules', () => {
    for (const password of ['Password1!', 'password', 'Qwerty123!', '!!Dragon2024', 'Iloveyou1$']) {
      expect(isBreachedPassword(password), password).toBe(true);
    }
    for (const password of [strongPassword, 'Correct1!horse', 'N3w&Password', 'Tulip$7Orchard']) {
      expect(isBreachedPassword(password), password).toBe(false);
    }
  });
});

describe.each(testEngines)('breached passwords refused on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { APP_URL: 'http://jotlist.test' });
  });
  afterAll(() => ctx.close());

  it('on sign-up, with no account created and no mail sent', async () => {
    const email = uniqueEmail('breach');
    const res = await post(ctx, '/api/auth/signup', {
      email,
      password: 'Password1!',
      confirmPassword: 'Password1!',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(refusal);
    const users = await ctx.db.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toEqual([]);
    expect(mailsTo(ctx, email)).toEqual([]);
  });

  it('on a password change, keeping the old password', async () => {
    const user = await signedInUser(ctx);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      payload: { currentPassword: user.password, password: 'Password1!', confirmPassword: 'Password1!' },
      ...asUser(user.cookies),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(refusal);
    await signIn(ctx, user.email, user.password);
  });

  it('on a reset, without spending the link', async () => {
    const user = await signedInUser(ctx);
    await post(ctx, '/api/auth/forgot-password', { email: user.email });
    const mail = await ctx.smtp.waitFor(
      (m) => m.to.includes(user.email) && m.subject === 'Reset your Jotlist password',
    );
    const token = tokenFromMail(ctx, mail, '/auth/reset-password');
    const refused = await post(ctx, '/api/auth/reset-password', {
      token,
      password: 'Password1!',
      confirmPassword: 'Password1!',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual(refusal);
    const fine = await post(ctx, '/api/auth/reset-password', {
      token,
      password: 'Tulip$7Orchard',
      confirmPassword: 'Tulip$7Orchard',
    });
    expect(fine.statusCode).toBe(200);
  });
});
