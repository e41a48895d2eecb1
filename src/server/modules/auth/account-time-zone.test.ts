import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../../shared/schemas/auth.ts';
import { asUser, type SessionCookies, signedInUser } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { expectError } from '../notes/notes-test-helpers.ts';

describe.each(testEngines)("the account's time zone on %s", (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  const session = async (cookies: Partial<SessionCookies>) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', ...asUser(cookies) });
    return (res.json() as SessionResponse).profile;
  };
  const setZone = (cookies: Partial<SessionCookies>, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/account/time-zone', payload, ...asUser(cookies) });

  it("keeps the browser's zone from sign-up, null when it sent none or an unknown one", async () => {
    const paris = await signedInUser(ctx, { timeZone: 'Europe/Paris' });
    expect((await session(paris.cookies))?.timeZone).toBe('Europe/Paris');
    const none = await signedInUser(ctx);
    expect((await session(none.cookies))?.timeZone).toBeNull();
    const unknown = await signedInUser(ctx, { timeZone: 'Mars/Olympus' });
    expect((await session(unknown.cookies))?.timeZone).toBeNull();
  });

  it('changes to a known zone and refuses an unknown one with a field message', async () => {
    const user = await signedInUser(ctx, { timeZone: 'Europe/Paris' });
    const changed = await setZone(user.cookies, { timeZone: 'Australia/Lord_Howe' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await session(user.cookies))?.timeZone).toBe('Australia/Lord_Howe');

    for (const timeZone of ['Mars/Olympus', '', 'x'.repeat(65)]) {
      const refused = expectError(await setZone(user.cookies, { timeZone }), 400, 'validation_failed');
      expect(Object.keys(refused.fields ?? {})).toEqual(['timeZone']);
    }
    expect((await session(user.cookies))?.timeZone).toBe('Australia/Lord_Howe');
  });

  it('needs a session, and changes only the caller', async () => {
    expectError(await setZone({}, { timeZone: 'Asia/Tokyo' }), 401, 'unauthorized');
    const one = await signedInUser(ctx, { timeZone: 'Europe/Paris' });
    const two = await signedInUser(ctx, { timeZone: 'Europe/Paris' });
    await setZone(one.cookies, { timeZone: 'America/New_York' });
    expect((await session(two.cookies))?.timeZone).toBe('Europe/Paris');
  });
});
