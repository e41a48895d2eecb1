import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import {
  asUser,
  confirmPassword,
  cookiesFrom,
  mailTo,
  post,
  type SessionCookies,
  sessionEmail,
  signedInUser,
  tokenFromMail,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { SoftAuthenticator } from '../../test/soft-authenticator.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';

const STEP_MS = 30_000;

describe.each(testEngines)('two-step sign-in on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { APP_URL: 'http://jotlist.test' });
  });
  afterAll(() => ctx.close());

  /** The code an authenticator app shows for this secret on the app's clock, `steps` steps later. */
  const codeFor = (secret: string, steps = 0) =>
    TOTP.generate({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      timestamp: ctx.clock.now.getTime() + steps * STEP_MS,
    });
  const wrongCodeFor = (secret: string) => {
    const valid = new Set([-1, 0, 1].map((steps) => codeFor(secret, steps)));
    let code = 0;
    while (valid.has(String(code).padStart(6, '0'))) code += 1;
    return String(code).padStart(6, '0');
  };

  const request = (method: 'GET' | 'DELETE', url: string, cookies: Partial<SessionCookies>) =>
    ctx.app.inject({ method, url, ...asUser(cookies) });

  /** A confirmed account with two-step sign-in turned on through the API, as Settings does it. */
  async function twoStepUser() {
    const user = await signedInUser(ctx);
    await confirmPassword(ctx, user.cookies);
    const setup = await post(ctx, '/api/account/two-step/setup', undefined, asUser(user.cookies));
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const enabled = await post(
      ctx,
      '/api/account/two-step/enable',
      { code: codeFor(secret) },
      asUser(user.cookies),
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    return { ...user, secret, recoveryCodes };
  }

  const signInWithPassword = (email: string, password: string, rememberMe = false) =>
    post(ctx, '/api/auth/signin', { email, password, rememberMe });

  async function pendingToken(email: string, password: string): Promise<string> {
    const res = await signInWithPassword(email, password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toBeNull();
    expect(res.cookies).toHaveLength(0);
    expect(body.secondStep.methods).toEqual(['totp', 'recovery_code']);
    return body.secondStep.pendingToken as string;
  }

  const secondStep = (pending: string, code: string, method: 'totp' | 'recovery_code' = 'totp') =>
    post(ctx, '/api/auth/second-step', { pendingToken: pending, method, code });

  it('offers a passkey as the second step when the account has one, and the passkey signs in by itself', async () => {
    const user = await twoStepUser();
    const authenticator = new SoftAuthenticator('http://jotlist.test');
    const options = await post(ctx, '/api/account/passkeys/options', undefined, asUser(user.cookies));
    expect(options.statusCode, options.body).toBe(200);
    const added = await post(
      ctx,
      '/api/account/passkeys',
      { name: 'Phone', response: authenticator.register(options.json()) },
      asUser(user.cookies),
    );
    expect(added.statusCode, added.body).toBe(201);

    const first = await signInWithPassword(user.email, user.password);
    expect(first.json().user).toBeNull();
    expect(first.json().secondStep.methods).toEqual(['totp', 'recovery_code', 'passkey']);

    const challenge = await post(ctx, '/api/auth/passkey/options');
    const signedIn = await post(ctx, '/api/auth/passkey/signin', {
      response: authenticator.assert(challenge.json()),
      rememberMe: false,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: user.email });
    expect(cookiesFrom(signedIn).jl_access).toBeTruthy();
  });

  it('turns on with a QR code and a code from the app, after the password is confirmed', async () => {
    const user = await signedInUser(ctx);
    const early = await post(ctx, '/api/account/two-step/setup', undefined, asUser(user.cookies));
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('reauth_required');

    await confirmPassword(ctx, user.cookies);
    const setup = await post(ctx, '/api/account/two-step/setup', undefined, asUser(user.cookies));
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Jotlist:.*algorithm=SHA1&digits=6&period=30/);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    // Not on until a code proves the app read the secret; sign-in still takes the password alone.
    let status = await request('GET', '/api/account/two-step', user.cookies);
    expect(status.json()).toEqual({ enabled: false, recoveryCodesRemaining: 0 });
    expect((await signInWithPassword(user.email, user.password)).json().user.email).toBe(user.email);

    const wrong = await post(
      ctx,
      '/api/account/two-step/enable',
      { code: wrongCodeFor(secret) },
      asUser(user.cookies),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'invalid_code',
      fields: { code: messages.twoStep.wrongCode },
    });
    const junk = await post(ctx, '/api/account/two-step/enable', { code: '12ab' }, asUser(user.cookies));
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.fields).toEqual({ code: messages.twoStep.codeFormat });

    const enabled = await post(
      ctx,
      '/api/account/two-step/enable',
      { code: codeFor(secret).replace(/^(\d{3})/, '$1 ') },
      asUser(user.cookies),
    );
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    status = await request('GET', '/api/account/two-step', user.cookies);
    expect(status.json()).toEqual({ enabled: true, recoveryCodesRemaining: 10 });

    // Stored sealed and hashed: no secret and no recovery code in the database's text.
    const row = await ctx.db.db
      .selectFrom('user_two_step')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.secret_sealed.startsWith('v1.')).toBe(true);
    const hashes = await ctx.db.db
      .selectFrom('two_step_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.userId)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes.map((code: string) => code.replaceAll('-', ''))).not.toContain(code_hash);
    }

    // Set-up again while on: refused.
    const again = await post(ctx, '/api/account/two-step/setup', undefined, asUser(user.cookies));
    expect(again.statusCode).toBe(409);
  });

  it('asks the code after a right password, makes the session only then, and refuses a used code', async () => {
    const user = await twoStepUser();
    const pending = await pendingToken(user.email, user.password);
    // The code of the step after the one spent turning it on: the app's next code, accepted ±1 step.
    const code = codeFor(user.secret, 1);
    const done = await secondStep(pending, code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.email).toBe(user.email);
    expect(done.json().recoveryCodesRemaining).toBeUndefined();
    const cookies = cookiesFrom(done);
    expect(await sessionEmail(ctx, cookies)).toBe(user.email);

    // The same pending token works once.
    const reusedToken = await secondStep(pending, codeFor(user.secret, 1));
    expect(reusedToken.statusCode).toBe(400);
    expect(reusedToken.json().error).toEqual({
      code: 'invalid_token',
      message: messages.twoStep.challengeExpired,
    });

    // The same code again, on a new pending token (someone who saw it over a shoulder): refused.
    const replay = await secondStep(await pendingToken(user.email, user.password), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toMatchObject({ code: 'invalid_code', message: messages.twoStep.wrongCode });
    // An earlier step's code is refused too, once a later one was spent.
    const earlier = await secondStep(await pendingToken(user.email, user.password), codeFor(user.secret, 0));
    expect(earlier.statusCode).toBe(401);

    // The next step's code works, and a "remember me" sign-in keeps its long session.
    ctx.clock.advance(2 * STEP_MS);
    const remembered = await signInWithPassword(user.email, user.password, true);
    const next = await secondStep(remembered.json().secondStep.pendingToken, codeFor(user.secret));
    expect(next.statusCode).toBe(200);
    const cookie = (next.cookies as Array<{ name: string; maxAge?: number }>).find(
      (c) => c.name === 'jl_refresh',
    );
    expect(cookie?.maxAge).toBeGreaterThan(24 * 60 * 60);
  });

  it('refuses a wrong code, and a pending token older than five minutes', async () => {
    const user = await twoStepUser();
    const pending = await pendingToken(user.email, user.password);
    const wrong = await secondStep(pending, wrongCodeFor(user.secret));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(messages.twoStep.wrongCode);
    const junk = await secondStep(pending, 'abc');
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.fields).toEqual({ code: messages.twoStep.codeFormat });
    expect((await secondStep('forged', codeFor(user.secret, 1))).statusCode).toBe(400);

    const late = await pendingToken(user.email, user.password);
    ctx.clock.advance(5 * 60_000 + 1000);
    const expired = await secondStep(late, codeFor(user.secret));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid_token');
  });

  it('takes each recovery code once and says how many are left', async () => {
    const user = await twoStepUser();
    const [first, second] = user.recoveryCodes as [string, string];
    const used = await secondStep(
      await pendingToken(user.email, user.password),
      first.toUpperCase(),
      'recovery_code',
    );
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().recoveryCodesRemaining).toBe(9);
    expect(await sessionEmail(ctx, cookiesFrom(used))).toBe(user.email);

    const again = await secondStep(await pendingToken(user.email, user.password), first, 'recovery_code');
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(messages.twoStep.wrongRecoveryCode);

    const spaced = ` ${second.replaceAll('-', ' ')} `;
    const next = await secondStep(await pendingToken(user.email, user.password), spaced, 'recovery_code');
    expect(next.json().recoveryCodesRemaining).toBe(8);
    const status = await request('GET', '/api/account/two-step', cookiesFrom(next));
    expect(status.json()).toEqual({ enabled: true, recoveryCodesRemaining: 8 });
  });

  it('ends the mailed sign-in link and a password reset in the second step', async () => {
    const user = await twoStepUser();
    expect((await post(ctx, '/api/auth/signin-link', { email: user.email })).statusCode).toBe(202);
    const linkMail = await mailTo(ctx, user.email, 'Your Jotlist sign-in link');
    const linkToken = tokenFromMail(ctx, linkMail, '/auth/callback?type=signin_link');
    const redeemed = await post(ctx, '/api/auth/signin-link/redeem', { token: linkToken });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().user).toBeNull();
    expect(redeemed.cookies).toHaveLength(0);
    const done = await secondStep(redeemed.json().secondStep.pendingToken, codeFor(user.secret, 1));
    expect(done.statusCode).toBe(200);
    expect(await sessionEmail(ctx, cookiesFrom(done))).toBe(user.email);

    // A reset sets the password and ends every session; signing in with it still needs the code.
    expect((await post(ctx, '/api/auth/forgot-password', { email: user.email })).statusCode).toBe(202);
    const resetMail = await mailTo(ctx, user.email, 'Reset your Jotlist password');
    const resetToken = tokenFromMail(ctx, resetMail, '/auth/reset-password');
    const newPassword = 'N3w&Password';
    const reset = await post(ctx, '/api/auth/reset-password', {
      token: resetToken,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.cookies).toHaveLength(0);
    const pending = await pendingToken(user.email, newPassword);
    ctx.clock.advance(2 * STEP_MS);
    expect((await secondStep(pending, codeFor(user.secret))).statusCode).toBe(200);
  });

  it('turns off and regenerates recovery codes only after the password is confirmed again', async () => {
    const user = await twoStepUser();
    // The confirmation made while turning it on has lapsed five minutes later.
    ctx.clock.advance(5 * 60_000 + 1000);
    const off = await request('DELETE', '/api/account/two-step', user.cookies);
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('reauth_required');
    const regen = await post(ctx, '/api/account/two-step/recovery-codes', undefined, asUser(user.cookies));
    expect(regen.statusCode).toBe(403);

    await confirmPassword(ctx, user.cookies);
    const fresh = await post(ctx, '/api/account/two-step/recovery-codes', undefined, asUser(user.cookies));
    expect(fresh.statusCode).toBe(200);
    const { recoveryCodes } = fresh.json();
    expect(recoveryCodes).toHaveLength(10);
    const old = await secondStep(
      await pendingToken(user.email, user.password),
      user.recoveryCodes[0] as string,
      'recovery_code',
    );
    expect(old.statusCode).toBe(401);
    const pending = await pendingToken(user.email, user.password);

    expect((await request('DELETE', '/api/account/two-step', user.cookies)).statusCode).toBe(200);
    expect((await request('GET', '/api/account/two-step', user.cookies)).json()).toEqual({
      enabled: false,
      recoveryCodesRemaining: 0,
    });
    // Turned off: a pending second step is gone, and the password alone signs in again.
    expect((await secondStep(pending, codeFor(user.secret))).statusCode).toBe(400);
    const signedIn = await signInWithPassword(user.email, user.password);
    expect(signedIn.json().user.email).toBe(user.email);
    expect(signedIn.json().secondStep).toBeUndefined();
  });

  it('never keeps the secret or the recovery codes as an idempotent answer', async () => {
    const user = await signedInUser(ctx);
    await confirmPassword(ctx, user.cookies);
    const withKey = (url: string, key: string, payload?: object) =>
      post(ctx, url, payload, { ...asUser(user.cookies), headers: { 'idempotency-key': key } });
    const setup = await withKey('/api/account/two-step/setup', 'setup-key-1');
    const { secret } = setup.json();
    const enabled = await withKey('/api/account/two-step/enable', 'enable-key-1', { code: codeFor(secret) });
    expect(enabled.statusCode).toBe(200);
    const fresh = await withKey('/api/account/two-step/recovery-codes', 'codes-key-1');
    expect(fresh.statusCode).toBe(200);
    const stored = await ctx.db.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', user.userId)
      .execute();
    expect(stored).toEqual([]);
    // A retry with the same key runs again: the codes are not answered twice.
    const again = await withKey('/api/account/two-step/enable', 'enable-key-1', { code: codeFor(secret) });
    expect(again.statusCode).toBe(409);
  });

  it('limits wrong codes per pending token and per account', async () => {
    const user = await twoStepUser();
    const pending = await pendingToken(user.email, user.password);
    const wrong = wrongCodeFor(user.secret);
    for (let i = 0; i < 5; i++) expect((await secondStep(pending, wrong)).statusCode).toBe(401);
    // Even the right code is refused on that token now: the password is needed again.
    const limited = await secondStep(pending, codeFor(user.secret, 1));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'rate_limited', message: messages.twoStep.tooManyCodes });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Per account: new pending tokens do not buy more guesses beyond ten in fifteen minutes.
    const another = await pendingToken(user.email, user.password);
    for (let i = 0; i < 5; i++) expect((await secondStep(another, wrong)).statusCode).toBe(401);
    const third = await pendingToken(user.email, user.password);
    expect((await secondStep(third, codeFor(user.secret, 1))).statusCode).toBe(429);

    // Fifteen minutes later the account may try again; a right code works.
    ctx.clock.advance(15 * 60_000 + 1000);
    const later = await pendingToken(user.email, user.password);
    expect((await secondStep(later, codeFor(user.secret))).statusCode).toBe(200);
  });

  it("makes another account's pending token useless with one's own code", async () => {
    const victim = await twoStepUser();
    const attacker = await twoStepUser();
    const victimPending = await pendingToken(victim.email, victim.password);
    // The attacker knows their own code and recovery codes, not the victim's.
    const withOwnCode = await secondStep(victimPending, codeFor(attacker.secret, 1));
    expect(withOwnCode.statusCode).toBe(401);
    const withOwnRecovery = await secondStep(
      victimPending,
      attacker.recoveryCodes[0] as string,
      'recovery_code',
    );
    expect(withOwnRecovery.statusCode).toBe(401);
    // And the attacker's own recovery code was not spent by that try.
    const own = await secondStep(
      await pendingToken(attacker.email, attacker.password),
      attacker.recoveryCodes[0] as string,
      'recovery_code',
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().user.email).toBe(attacker.email);
  });
});
