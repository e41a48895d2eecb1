import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import {
  asUser,
  cookiesFrom,
  mailsTo,
  mailTo,
  post,
  sessionEmail,
  signIn,
  strongPassword,
  tokenFromMail,
  uniqueEmail,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';

const v = messages.validation;
const DAY = 24 * 60 * 60 * 1000;

describe.each(testEngines)('sign-up and e-mail confirmation on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { APP_URL: 'http://jotlist.test', TRIAL_DAYS: '7' });
  });
  afterAll(() => ctx.close());

  const signUp = (email: string, password = strongPassword, confirmPassword = password) =>
    post(ctx, '/api/auth/signup', { email, password, confirmPassword });

  it('signs up, mails a confirmation link, and the link signs the person in with a 7-day trial', async () => {
    const email = uniqueEmail('ana');
    const res = await signUp(`  ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    expect(res.cookies).toHaveLength(0);

    const mail = await mailTo(ctx, email, 'Confirm your Jotlist account');
    // Not usable before confirmation.
    const early = await post(ctx, '/api/auth/signin', { email, password: strongPassword });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toEqual({
      code: 'email_not_confirmed',
      message: messages.auth.emailNotConfirmed,
    });

    const token = tokenFromMail(ctx, mail, '/auth/callback');
    expect(mail.text).toContain(`http://jotlist.test/auth/callback?token=${token}`);

    const confirmed = await post(ctx, '/api/auth/confirm-email', { token });
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json();
    expect(body.user).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), email });
    expect(body.profile).toEqual({
      isTrial: true,
      accountStatus: 'trial',
      trialEndDate: expect.any(String),
      daysRemaining: 7,
      readOnly: false,
      timeZone: null,
    });
    const trialEnd = new Date(body.profile.trialEndDate).getTime();
    expect(Math.abs(trialEnd - (ctx.clock.now.getTime() + 7 * DAY))).toBeLessThan(5000);
    expect(JSON.stringify(body)).not.toMatch(/token/i);

    const cookies = cookiesFrom(confirmed);
    expect(cookies.jl_access).toBeTruthy();
    expect(cookies.jl_refresh).toBeTruthy();
    expect(await sessionEmail(ctx, cookies)).toBe(email);

    // The stored rows: lowercased address, argon2id with the design's parameters, a trial profile.
    const user = await ctx.db.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.email_confirmed_at).not.toBeNull();
    const profile = await ctx.db.db
      .selectFrom('user_profiles')
      .selectAll()
      .where('id', '=', body.user.id)
      .executeTakeFirst();
    expect(profile).toMatchObject({ is_trial: 1, account_status: 'trial' });

    // Sign-in now works, whatever the case of the address.
    await signIn(ctx, email.toUpperCase(), strongPassword);
  });

  it('stores only hashes of tokens, and a confirmation link works once', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const token = tokenFromMail(ctx, await mailTo(ctx, email, 'Confirm'), '/auth/callback');
    const rows = await ctx.db.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);

    expect((await post(ctx, '/api/auth/confirm-email', { token })).statusCode).toBe(200);
    const again = await post(ctx, '/api/auth/confirm-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'invalid_token', message: messages.auth.invalidLink });
    expect(again.cookies).toHaveLength(0);
  });

  it('refuses a confirmation link after 24 hours, and a forged one', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const token = tokenFromMail(ctx, await mailTo(ctx, email, 'Confirm'), '/auth/callback');
    ctx.clock.advance(DAY + 1000);
    try {
      const late = await post(ctx, '/api/auth/confirm-email', { token });
      expect(late.statusCode).toBe(400);
      expect(late.json().error.code).toBe('invalid_token');
    } finally {
      ctx.clock.advance(-(DAY + 1000));
    }
    const forged = await post(ctx, '/api/auth/confirm-email', { token: `${token.slice(0, -2)}xx` });
    expect(forged.statusCode).toBe(400);
  });

  it('answers a sign-up for a registered address exactly alike, and mails a notice instead', async () => {
    const email = uniqueEmail('taken');
    const first = await signUp(email);
    await mailTo(ctx, email, 'Confirm your Jotlist account');

    const newcomer = await signUp(uniqueEmail('fresh'));
    const duplicate = await signUp(email.toUpperCase(), 'An0ther&Pass');
    for (const res of [first, newcomer]) {
      expect(duplicate.statusCode).toBe(res.statusCode);
      expect(duplicate.body).toBe(res.body);
      expect(duplicate.headers['content-type']).toBe(res.headers['content-type']);
      expect(duplicate.headers['set-cookie']).toBe(res.headers['set-cookie']);
    }

    const notice = await mailTo(ctx, email, 'You already have a Jotlist account');
    expect(notice.text).toContain('http://jotlist.test/auth/signin');
    expect(notice.text).toContain('http://jotlist.test/auth/forgot-password');
    expect(mailsTo(ctx, email).filter((m) => m.subject.includes('Confirm'))).toHaveLength(1);
    // The original password still stands.
    const rows = await ctx.db.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  const passwordCases: Array<[string, string]> = [
    ['', v.passwordRequired],
    ['Ab1!', v.passwordTooShort],
    ['ABCDEFG1!', v.passwordLowercase],
    ['abcdefg1!', v.passwordUppercase],
    ['Abcdefgh!', v.passwordNumber],
    ['Abcdefgh1', v.passwordSpecial],
  ];

  it.each(passwordCases)('refuses the password "%s" with "%s", creating nothing', async (password, text) => {
    const email = uniqueEmail();
    const res = await signUp(email, password, password || 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields.password).toBe(text);
    const rows = await ctx.db.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(0);
  });

  it.each([
    [{ email: '' }, 'email', v.emailRequired],
    [{ email: 'ana@example' }, 'email', v.emailInvalid],
    [{ email: 'ana @example.com' }, 'email', v.emailInvalid],
    [{ confirmPassword: '' }, 'confirmPassword', v.confirmRequired],
    [{ confirmPassword: 'Str0ng&Pas' }, 'confirmPassword', v.passwordsDoNotMatch],
  ])('refuses %o with %s: "%s"', async (override, field, text) => {
    const body = {
      email: uniqueEmail(),
      password: strongPassword,
      confirmPassword: strongPassword,
      ...override,
    };
    const res = await post(ctx, '/api/auth/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(text);
  });

  it('accepts a 128-character password and never truncates it', async () => {
    const password = `Aa1!${'long-passphrase-'.repeat(8)}`.slice(0, 128);
    expect(password).toHaveLength(128);
    const email = uniqueEmail('long');
    expect((await signUp(email, password)).statusCode).toBe(202);
    const token = tokenFromMail(ctx, await mailTo(ctx, email, 'Confirm'), '/auth/callback');
    expect((await post(ctx, '/api/auth/confirm-email', { token })).statusCode).toBe(200);
    await signIn(ctx, email, password);
    for (const cut of [password.slice(0, 72), password.slice(0, 127)]) {
      const res = await post(ctx, '/api/auth/signin', { email, password: cut });
      expect(res.statusCode).toBe(401);
    }
  });

  it('resends a confirmation only to an unconfirmed account, answering every address alike', async () => {
    const pending = uniqueEmail('pending');
    await signUp(pending);
    await mailTo(ctx, pending, 'Confirm');
    const confirmed = uniqueEmail('done');
    await signUp(confirmed);
    const token = tokenFromMail(ctx, await mailTo(ctx, confirmed, 'Confirm'), '/auth/callback');
    await post(ctx, '/api/auth/confirm-email', { token });
    const unknown = uniqueEmail('nobody');

    const answers = await Promise.all(
      [pending, confirmed, unknown].map((email) => post(ctx, '/api/auth/resend-confirmation', { email })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe(answers[0]?.body);
    }
    await ctx.smtp.waitFor(
      (m) => m.to.includes(pending) && m.subject.includes('Confirm') && mailsTo(ctx, pending).length === 2,
    );
    // The resent link works.
    const resent = mailsTo(ctx, pending).filter((m) => m.subject.includes('Confirm'));
    expect(resent).toHaveLength(2);
    const first = tokenFromMail(ctx, resent[0] as (typeof resent)[number], '/auth/callback');
    const second = tokenFromMail(ctx, resent[1] as (typeof resent)[number], '/auth/callback');
    expect((await post(ctx, '/api/auth/confirm-email', { token: second })).statusCode).toBe(200);
    // Once confirmed, the older link no longer signs anyone in.
    expect((await post(ctx, '/api/auth/confirm-email', { token: first })).statusCode).toBe(400);
    // Nothing more for the others, once all work after the answers has finished.
    await ctx.settle();
    expect(mailsTo(ctx, confirmed)).toHaveLength(1);
    expect(mailsTo(ctx, unknown)).toHaveLength(0);
  });

  it('limits sign-ups per client address with the spec message', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 10; i++) {
      const res = await post(
        ctx,
        '/api/auth/signup',
        { email: uniqueEmail(), password: strongPassword, confirmPassword: strongPassword },
        { remoteAddress: ip },
      );
      expect(res.statusCode).toBe(202);
    }
    const res = await post(
      ctx,
      '/api/auth/signup',
      { email: uniqueEmail(), password: strongPassword, confirmPassword: strongPassword },
      { remoteAddress: ip },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({ code: 'rate_limited', message: messages.auth.rateLimited });
  });

  it('limits mails to one address, even when it has no account', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await post(ctx, '/api/auth/forgot-password', { email })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // A quarter of an hour later the address may ask again.
    ctx.clock.advance(15 * 60 * 1000);
    expect((await post(ctx, '/api/auth/forgot-password', { email })).statusCode).toBe(202);
  });

  it('answers the session endpoint with nulls when signed out, and never caches it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', ...asUser({}) });
    expect(res.json()).toEqual({ user: null, profile: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
