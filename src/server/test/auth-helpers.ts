import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SunkMail } from './smtp-sink.ts';
import type { TestContext } from './test-app.ts';

/**
 * Helpers for API tests that need a signed-in user: sign up and confirm through the real mail, sign in,
 * and carry the session cookies like a browser would. Later modules use `signedInUser` + `asUser`.
 */

export const strongPassword = 'Str0ng&Pass';

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

// The auth endpoints limit per client address; each call speaks from its own unless a test chooses one.
let lastIp = 0;
export const nextIp = () => {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
};

export interface SessionCookies {
  jl_access: string;
  jl_refresh: string;
}

/** The session cookies a response set (undefined entries when it set none). */
export function cookiesFrom(res: LightMyRequestResponse): Partial<SessionCookies> {
  const found: Partial<SessionCookies> = {};
  for (const cookie of res.cookies as Array<{ name: string; value: string }>) {
    // Behind https the names carry `__Host-`; the server also reads the plain names it used before.
    const name = cookie.name.replace(/^__Host-/, '');
    // A plain cookie cleared beside a new `__Host-` one must not hide the new one's value.
    if ((name === 'jl_access' || name === 'jl_refresh') && (cookie.value || found[name] === undefined)) {
      found[name] = cookie.value;
    }
  }
  return found;
}

/** Waits for the latest mail to an address whose subject contains `subject`. */
export function mailTo(ctx: TestContext, to: string, subject: string): Promise<SunkMail> {
  return ctx.smtp.waitFor((mail) => mail.to.includes(to) && mail.subject.includes(subject));
}

export function mailsTo(ctx: TestContext, to: string): SunkMail[] {
  return ctx.smtp.messages.filter((mail) => mail.to.includes(to));
}

/** The token of the first link in a mail that starts with APP_URL + path. */
export function tokenFromMail(ctx: TestContext, mail: SunkMail, path: string): string {
  const prefix = `${ctx.config.APP_URL}${path}`;
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  expect(link, `a ${path} link in "${mail.subject}"`).toBeDefined();
  const token = new URL(link as string).searchParams.get('token');
  expect(token).toBeTruthy();
  return token as string;
}

export function post(ctx: TestContext, url: string, payload?: object, extra: Partial<InjectOptions> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    ...(payload ? { payload } : {}),
    ...extra,
  });
}

/**
 * Signs up, opens the link from the real confirmation mail, and returns the signed-in session. A real
 * sign-up starts with the `Getting started` notebook and list (modules/starter); most tests want an empty
 * account, so they are deleted unless `starterContent: true` keeps them.
 */
export async function signedInUser(
  ctx: TestContext,
  options: { email?: string; password?: string; starterContent?: boolean; timeZone?: string } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? strongPassword;
  const signUp = await post(ctx, '/api/auth/signup', {
    email,
    password,
    confirmPassword: password,
    timeZone: options.timeZone,
  });
  expect(signUp.statusCode).toBe(202);
  const mail = await mailTo(ctx, email.trim().toLowerCase(), 'Confirm your Jotlist account');
  const token = tokenFromMail(ctx, mail, '/auth/callback');
  const confirmed = await post(ctx, '/api/auth/confirm-email', { token });
  expect(confirmed.statusCode).toBe(200);
  const body = confirmed.json() as { user: { id: string; email: string } };
  const cookies = cookiesFrom(confirmed) as SessionCookies;
  if (!options.starterContent) await deleteStarterContent(ctx, body.user.id);
  return { email, password, userId: body.user.id, cookies };
}

/**
 * Deletes every notebook and to-do list of a fresh account (their rows cascade). In the database, not
 * through the API: an API write would warm the 5-second profile cache, and tests that then change the
 * profile directly (an active subscription, an expired trial) would read the stale one.
 */
async function deleteStarterContent(ctx: TestContext, userId: string): Promise<void> {
  await ctx.db.db.deleteFrom('notebooks').where('user_id', '=', userId).execute();
  await ctx.db.db.deleteFrom('todos').where('user_id', '=', userId).execute();
}

/** Signs in an existing, confirmed user; returns the new session's cookies. */
export async function signIn(
  ctx: TestContext,
  email: string,
  password: string,
  rememberMe = false,
): Promise<SessionCookies> {
  const res = await post(ctx, '/api/auth/signin', { email, password, rememberMe });
  expect(res.statusCode).toBe(200);
  return cookiesFrom(res) as SessionCookies;
}

/** Inject options that send a session's cookies, as the browser would for /api/auth/* paths. */
export const asUser = (cookies: Partial<SessionCookies>): Partial<InjectOptions> => ({
  cookies: Object.fromEntries(Object.entries(cookies).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >,
});

/** GET /api/auth/session with these cookies; the user's e-mail, or null when signed out. */
export async function sessionEmail(
  ctx: TestContext,
  cookies: Partial<SessionCookies>,
): Promise<string | null> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', ...asUser(cookies) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { user: { email: string } | null }).user?.email ?? null;
}

/** Confirms the password on this session ("Confirm it's you"), as deleting the account needs first. */
export async function confirmPassword(
  ctx: TestContext,
  cookies: Partial<SessionCookies>,
  password = strongPassword,
): Promise<void> {
  const res = await post(ctx, '/api/account/reauth', { password }, asUser(cookies));
  expect(res.statusCode, res.body).toBe(200);
}
