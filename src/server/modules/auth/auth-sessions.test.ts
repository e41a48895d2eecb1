import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import {
  asUser,
  cookiesFrom,
  post,
  type SessionCookies,
  sessionEmail,
  signedInUser,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(testEngines)('sessions on %s', (engine) => {
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  /** Every response body seen, to prove no token ever travels in one. */
  const bodies: string[] = [];
  const tokensSeen: string[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    user = await signedInUser(ctx);
  });
  afterAll(() => ctx.close());

  const start = async (rememberMe = false) => {
    const res = await post(ctx, '/api/auth/signin', {
      email: user.email,
      password: user.password,
      rememberMe,
    });
    expect(res.statusCode).toBe(200);
    bodies.push(res.body);
    const cookies = cookiesFrom(res) as SessionCookies;
    tokensSeen.push(cookies.jl_access, cookies.jl_refresh);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', ...asUser(cookies) });
    bodies.push(session.body);
    return cookies;
  };
  const refresh = async (cookies: Partial<SessionCookies>) => {
    const res = await post(ctx, '/api/auth/refresh', undefined, asUser(cookies));
    bodies.push(res.body);
    const next = cookiesFrom(res);
    if (next.jl_access) tokensSeen.push(next.jl_access);
    if (next.jl_refresh) tokensSeen.push(next.jl_refresh);
    return { res, next };
  };
  const expectExpired = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'session_expired', message: messages.auth.sessionExpired } });
  };
  const sessionCount = async () =>
    Number(
      (
        await ctx.db.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', user.userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeEach(() => {
    // Each test starts at its own "now"; moving the clock forward never harms other tests' sessions.
    ctx.clock.advance(400 * DAY);
  });

  it('access lasts 15 minutes; refresh rotates both cookies and the new access works', async () => {
    const first = await start();
    expect(await sessionEmail(ctx, first)).toBe(user.email);
    ctx.clock.advance(15 * MINUTE - SECOND);
    expect(await sessionEmail(ctx, first)).toBe(user.email);
    ctx.clock.advance(2 * SECOND);
    expect(await sessionEmail(ctx, first)).toBeNull();

    const { res, next } = await refresh(first);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({ id: user.userId, email: user.email });
    expect(next.jl_access).toBeTruthy();
    expect(next.jl_refresh).toBeTruthy();
    expect(next.jl_access).not.toBe(first.jl_access);
    expect(next.jl_refresh).not.toBe(first.jl_refresh);
    expect(await sessionEmail(ctx, next)).toBe(user.email);
    // A refresh replaces the access token at once.
    ctx.clock.advance(-2 * SECOND);
    expect(await sessionEmail(ctx, first)).toBeNull();
  });

  it('without remember me ends after 8 hours idle', async () => {
    const cookies = await start();
    ctx.clock.advance(8 * HOUR + SECOND);
    const { res } = await refresh(cookies);
    expectExpired(res);
    // Cookies are cleared so the browser stops sending them.
    const cleared = res.cookies as Array<{ name: string; value: string; expires?: Date }>;
    expect(cleared.map((c) => [c.name, c.value])).toEqual([
      ['jl_access', ''],
      ['jl_refresh', ''],
    ]);
  });

  it('without remember me ends 24 hours after sign-in even when used all along', async () => {
    let cookies = await start();
    for (let hour = 7; hour < 24; hour += 7) {
      ctx.clock.advance(7 * HOUR);
      const { res, next } = await refresh(cookies);
      expect(res.statusCode).toBe(200);
      cookies = next as SessionCookies;
    }
    ctx.clock.advance(3 * HOUR + SECOND); // 24 h + 1 s after sign-in
    expectExpired((await refresh(cookies)).res);
  });

  it('the access token never outlives the absolute end', async () => {
    let cookies = await start();
    ctx.clock.advance(23 * HOUR + 55 * MINUTE);
    cookies = (await refresh(cookies)).next as SessionCookies;
    ctx.clock.advance(5 * MINUTE + SECOND);
    expect(await sessionEmail(ctx, cookies)).toBeNull();
  });

  it('with remember me survives 29 idle days, ends after 30, and after 90 in all', async () => {
    let cookies = await start(true);
    ctx.clock.advance(29 * DAY);
    const { res, next } = await refresh(cookies);
    expect(res.statusCode).toBe(200);
    cookies = next as SessionCookies;
    ctx.clock.advance(30 * DAY + SECOND);
    expectExpired((await refresh(cookies)).res);

    let longLived = await start(true);
    for (let day = 25; day < 90; day += 25) {
      ctx.clock.advance(25 * DAY);
      longLived = (await refresh(longLived)).next as SessionCookies;
      expect(longLived.jl_refresh).toBeTruthy();
    }
    ctx.clock.advance(15 * DAY + SECOND); // 90 days + 1 s
    expectExpired((await refresh(longLived)).res);
  });

  it('reusing a rotated refresh token after the grace period revokes the whole session', async () => {
    const first = await start();
    const second = (await refresh(first)).next as SessionCookies;
    ctx.clock.advance(11 * SECOND);
    const third = (await refresh(second)).next as SessionCookies;
    expect(await sessionEmail(ctx, third)).toBe(user.email);

    ctx.clock.advance(11 * SECOND);
    // Someone replays the stolen first token: the session dies, for the thief and the owner alike.
    expectExpired((await refresh(first)).res);
    expect(await sessionEmail(ctx, third)).toBeNull();
    expectExpired((await refresh(third)).res);
  });

  it('only the immediate parent gets the grace period', async () => {
    const first = await start();
    const second = (await refresh(first)).next as SessionCookies;
    const third = (await refresh(second)).next as SessionCookies;
    // Within seconds, but `first` is two rotations back.
    expectExpired((await refresh(first)).res);
    expectExpired((await refresh(third)).res);
  });

  it('two tabs refreshing at once both stay signed in', async () => {
    const shared = await start();
    const before = await sessionCount();
    const [a, b] = await Promise.all([refresh(shared), refresh(shared)]);
    expect(a.res.statusCode).toBe(200);
    expect(b.res.statusCode).toBe(200);
    expect(a.res.json().user.email).toBe(user.email);
    expect(b.res.json().user.email).toBe(user.email);
    // One of them rotated; the other answered from the grace period without new cookies.
    const winner = a.next.jl_refresh ? a.next : b.next;
    expect([a.next.jl_refresh, b.next.jl_refresh].filter(Boolean)).toHaveLength(1);
    // The cookie jar now holds the winner's cookies; both tabs use them from here on.
    expect(await sessionEmail(ctx, winner)).toBe(user.email);
    ctx.clock.advance(5 * SECOND);
    const late = await refresh(shared); // a third tab, still within grace
    expect(late.res.statusCode).toBe(200);
    const next = await refresh(winner);
    expect(next.res.statusCode).toBe(200);
    expect(await sessionCount()).toBe(before);
  });

  it('refresh without a cookie, or with a forged one, answers session_expired', async () => {
    expectExpired((await refresh({})).res);
    expectExpired((await refresh({ jl_refresh: 'forged' })).res);
  });

  it('sign-out ends this session only and clears the cookies', async () => {
    const here = await start();
    const elsewhere = await start();
    const res = await post(ctx, '/api/auth/signout', undefined, asUser(here));
    bodies.push(res.body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(cookiesFrom(res)).toEqual({ jl_access: '', jl_refresh: '' });
    expect(await sessionEmail(ctx, here)).toBeNull();
    expectExpired((await refresh(here)).res);
    expect(await sessionEmail(ctx, elsewhere)).toBe(user.email);
    // Signing out twice, or signed out, is harmless.
    expect((await post(ctx, '/api/auth/signout', undefined, asUser(here))).statusCode).toBe(200);
  });

  it('sign-out of all devices ends every session of the user, and needs one', async () => {
    const other = await signedInUser(ctx);
    const here = await start();
    const laptop = await start(true);
    const phone = await start();
    const res = await post(ctx, '/api/auth/signout-all', undefined, asUser(here));
    bodies.push(res.body);
    expect(res.statusCode).toBe(200);
    for (const cookies of [here, laptop, phone]) {
      expect(await sessionEmail(ctx, cookies)).toBeNull();
      expectExpired((await refresh(cookies)).res);
    }
    expect(await sessionCount()).toBe(0);
    // Another user's session is untouched.
    expect(await sessionEmail(ctx, other.cookies)).toBe(other.email);

    const anonymous = await post(ctx, '/api/auth/signout-all');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthorized');
  });

  it('never puts a token in a response body (tokens travel only in cookies)', async () => {
    // Its own sign-ins, refreshes and sign-out, so it holds in any order (with whatever the other tests
    // of this file added before it).
    const first = await start(true);
    const { next } = await refresh(first);
    await refresh(next);
    const second = await start();
    const out = await post(ctx, '/api/auth/signout', undefined, asUser(second));
    bodies.push(out.body);
    expect(tokensSeen.length).toBeGreaterThanOrEqual(8);
    expect(bodies.length).toBeGreaterThanOrEqual(7);
    for (const token of tokensSeen) {
      for (const body of bodies) expect(body).not.toContain(token);
    }
  });
});
