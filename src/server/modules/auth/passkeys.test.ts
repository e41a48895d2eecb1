import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuthenticationOptions,
  PasskeysResponse,
  RegistrationOptions,
} from '../../../shared/schemas/passkeys.ts';
import {
  asUser,
  confirmPassword,
  cookiesFrom,
  mailTo,
  post,
  type SessionCookies,
  sessionEmail,
  signedInUser,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { SoftAuthenticator } from '../../test/soft-authenticator.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';

const appUrl = 'http://jotlist.test';
const DAY = 24 * 60 * 60_000;
const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(testEngines)('passkeys on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { APP_URL: appUrl });
  });
  afterAll(() => ctx.close());

  const registrationOptions = async (cookies: SessionCookies) => {
    const res = await post(ctx, '/api/account/passkeys/options', undefined, asUser(cookies));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RegistrationOptions;
  };
  const signInOptions = async () => {
    const res = await post(ctx, '/api/auth/passkey/options');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuthenticationOptions;
  };
  const reauthOptions = async (cookies: SessionCookies) => {
    const res = await post(ctx, '/api/account/reauth/passkey/options', undefined, asUser(cookies));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuthenticationOptions;
  };
  const listed = async (cookies: SessionCookies) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account/passkeys', ...asUser(cookies) });
    expect(res.statusCode).toBe(200);
    return (res.json() as PasskeysResponse).passkeys;
  };
  const storedPasskeys = (userId: string) =>
    ctx.db.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).execute();

  /** A confirmed account with one passkey added through the API, and the authenticator holding it. */
  const userWithPasskey = async () => {
    const user = await signedInUser(ctx);
    const authenticator = new SoftAuthenticator(appUrl);
    const response = authenticator.register(await registrationOptions(user.cookies));
    const res = await post(
      ctx,
      '/api/account/passkeys',
      { name: 'Chrome on Linux', response },
      asUser(user.cookies),
    );
    expect(res.statusCode, res.body).toBe(201);
    return { ...user, authenticator };
  };
  const expectRefused = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'passkey_refused' } });
  };

  it('registers a discoverable passkey for the account, excluding the ones it already has', async () => {
    const user = await userWithPasskey();
    const [passkey] = await listed(user.cookies);
    expect(passkey).toMatchObject({
      name: 'Chrome on Linux',
      lastUsedAt: null,
      createdAt: expect.any(String),
    });
    const [row] = await storedPasskeys(user.userId);
    expect(row?.credential_id).toBe(user.authenticator.credentials[0]?.id);
    expect(JSON.parse(row?.transports ?? '')).toEqual(['internal']);

    const again = await registrationOptions(user.cookies);
    expect(again.rp).toEqual({ id: 'jotlist.test', name: 'Jotlist' });
    expect(again.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'preferred',
    });
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([row?.credential_id]);
    expect(again.user.name).toBe(user.email);
  });

  it('signs in with a passkey and no e-mail, as a password sign-in does, and stores the counter', async () => {
    const user = await userWithPasskey();
    const options = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.rpId).toBe('jotlist.test');
    const res = await post(
      ctx,
      '/api/auth/passkey/signin',
      { response: user.authenticator.assert(options) },
      { headers: { 'user-agent': chromeOnLinux } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const cookies = cookiesFrom(res) as SessionCookies;
    expect(await sessionEmail(ctx, cookies)).toBe(user.email);
    // The same session as a password sign-in: listed among the devices, and a new device is mailed.
    const devices = await ctx.app.inject({ method: 'GET', url: '/api/account/devices', ...asUser(cookies) });
    expect(devices.json().devices).toHaveLength(2);
    const mail = await mailTo(ctx, user.email, 'New sign-in to your Jotlist account');
    expect(mail.text).toContain('Chrome');

    const [row] = await storedPasskeys(user.userId);
    expect(Number(row?.counter)).toBe(1);
    expect(row?.last_used_at).toBe(ctx.clock.now.toISOString());
    expect((await listed(cookies))[0]?.lastUsedAt).toBe(ctx.clock.now.toISOString());
  });

  it('refuses an answer made for another origin, and starts no session', async () => {
    const user = await userWithPasskey();
    const response = user.authenticator.assert(await signInOptions(), { origin: 'https://evil.test' });
    const res = await post(ctx, '/api/auth/passkey/signin', { response });
    expectRefused(res);
    expect(cookiesFrom(res).jl_access).toBeUndefined();

    const stranger = new SoftAuthenticator(appUrl);
    const bad = stranger.register(await registrationOptions(user.cookies), { origin: 'https://evil.test' });
    expectRefused(
      await post(ctx, '/api/account/passkeys', { name: 'x', response: bad }, asUser(user.cookies)),
    );
    expect(await storedPasskeys(user.userId)).toHaveLength(1);
  });

  it('refuses a replayed challenge, an expired one, an unknown credential and a counter going back', async () => {
    const user = await userWithPasskey();
    const options = await signInOptions();
    const first = user.authenticator.assert(options);
    expect((await post(ctx, '/api/auth/passkey/signin', { response: first })).statusCode).toBe(200);
    // The same answer again, and a fresh signature over the spent challenge.
    expectRefused(await post(ctx, '/api/auth/passkey/signin', { response: first }));
    expectRefused(
      await post(ctx, '/api/auth/passkey/signin', { response: user.authenticator.assert(options) }),
    );

    const late = await signInOptions();
    ctx.clock.advance(5 * 60_000 + 1);
    expectRefused(await post(ctx, '/api/auth/passkey/signin', { response: user.authenticator.assert(late) }));

    const unknown = new SoftAuthenticator(appUrl);
    unknown.register(await registrationOptions(user.cookies));
    expectRefused(
      await post(ctx, '/api/auth/passkey/signin', { response: unknown.assert(await signInOptions()) }),
    );

    const [before] = await storedPasskeys(user.userId);
    const cloned = user.authenticator.assert(await signInOptions(), { counter: 1 });
    expectRefused(await post(ctx, '/api/auth/passkey/signin', { response: cloned }));
    const [after] = await storedPasskeys(user.userId);
    expect(Number(after?.counter)).toBe(Number(before?.counter));
  });

  it('re-authenticates with the account own passkey only, and then removes it', async () => {
    const owner = await userWithPasskey();
    const other = await userWithPasskey();
    const [passkey] = await listed(owner.cookies);
    const url = `/api/account/passkeys/${passkey?.id}`;

    const before = await ctx.app.inject({ method: 'DELETE', url, ...asUser(owner.cookies) });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ error: { code: 'reauth_required' } });

    // Another account's valid passkey, answering this account's challenge: refused.
    const foreign = other.authenticator.assert(await reauthOptions(owner.cookies));
    expectRefused(
      await post(ctx, '/api/account/reauth/passkey', { response: foreign }, asUser(owner.cookies)),
    );
    expect((await ctx.app.inject({ method: 'DELETE', url, ...asUser(owner.cookies) })).statusCode).toBe(403);

    const options = await reauthOptions(owner.cookies);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([owner.authenticator.credentials[0]?.id]);
    const mine = owner.authenticator.assert(options);
    const reauth = await post(ctx, '/api/account/reauth/passkey', { response: mine }, asUser(owner.cookies));
    expect(reauth.statusCode, reauth.body).toBe(200);

    // Another account cannot remove it, re-authenticated or not.
    await confirmPassword(ctx, other.cookies);
    expect((await ctx.app.inject({ method: 'DELETE', url, ...asUser(other.cookies) })).statusCode).toBe(404);

    const removed = await ctx.app.inject({ method: 'DELETE', url, ...asUser(owner.cookies) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await listed(owner.cookies)).toEqual([]);
    expectRefused(
      await post(ctx, '/api/auth/passkey/signin', {
        response: owner.authenticator.assert(await signInOptions()),
      }),
    );
  });

  it('refuses a name that is empty or too long, writing nothing', async () => {
    const user = await signedInUser(ctx);
    const authenticator = new SoftAuthenticator(appUrl);
    const response = authenticator.register(await registrationOptions(user.cookies));
    for (const name of ['  ', 'x'.repeat(101)]) {
      const res = await post(ctx, '/api/account/passkeys', { name, response }, asUser(user.cookies));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: { code: 'validation_failed', fields: { name: expect.any(String) } },
      });
    }
    expect(await storedPasskeys(user.userId)).toHaveLength(0);
  });

  it('lets a read-only account (trial over) sign in with and manage its passkeys', async () => {
    const user = await userWithPasskey();
    await ctx.db.db
      .updateTable('user_profiles')
      .set({ trial_end_date: new Date(ctx.clock.now.getTime() - DAY).toISOString() })
      .where('id', '=', user.userId)
      .execute();
    ctx.deps.context.caches.profiles.delete(user.userId);
    const signIn = await post(ctx, '/api/auth/passkey/signin', {
      response: user.authenticator.assert(await signInOptions()),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ profile: { readOnly: true } });
    const cookies = cookiesFrom(signIn) as SessionCookies;
    const second = new SoftAuthenticator(appUrl);
    const response = second.register(await registrationOptions(cookies));
    const added = await post(ctx, '/api/account/passkeys', { name: 'Phone', response }, asUser(cookies));
    expect(added.statusCode, added.body).toBe(201);
    expect(await listed(cookies)).toHaveLength(2);
  });
});
