import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, type SessionCookies, signedInUser, signIn } from '../test/auth-helpers.ts';
import { testEngines } from '../test/engines.ts';
import { buildTestApp, type TestContext } from '../test/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Write routes a read-only account may use on purpose, by path prefix, each with its reason. Every other
 * write route in the OpenAPI document must answer 403 read_only to such an account: a new route that
 * is registered outside the guarded scope (or opts out) fails this test until it is listed here.
 */
const openOnPurpose: Array<[prefix: string, reason: string]> = [
  ['/api/auth/', 'signing in and out, resets: an expired account must reach its data and billing'],
  ['/api/account', 'account settings and deletion stay open (docs/accounts.md)'],
  ['/api/contact', 'anyone may write to support'],
  ['/api/billing/', 'paying is how a read-only account becomes writable'],
  ['/api/blog/', 'public post views, and the admin, governed by ADMIN_EMAILS rather than the trial'],
  [
    '/api/calendar-feed',
    'the feed only lets owners read their own tasks; revoking a leaked link must never be blocked',
  ],
  [
    '/api/calendar/integrations/',
    'DELETE only (PATCH stays guarded): disconnecting revokes a calendar grant, never blocked by a payment',
  ],
  [
    '/api/reminders/actions',
    "a notification's buttons carry a signed token, no session: the action itself refuses a read-only account",
  ],
  ['/api/push/subscriptions', 'DELETE only (POST stays guarded): turning notifications off is never blocked'],
];

const writeMethods = ['post', 'put', 'patch', 'delete'] as const;

interface OpenApiDocument {
  paths: Record<string, Partial<Record<string, unknown>>>;
}

/** Every write operation of the API, with path parameters filled with ids nobody owns. */
function writeOperations(document: OpenApiDocument): Array<{ method: string; path: string; url: string }> {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    writeMethods
      .filter((method) => operations[method] !== undefined)
      .map((method) => ({
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{[^}]+\}/g, () => randomUUID()),
      })),
  );
}

describe.each(testEngines)('the guarded scope on %s', (engine) => {
  let ctx: TestContext;
  let readOnly: SessionCookies;
  let trial: SessionCookies;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    const expired = await signedInUser(ctx);
    const current = await signedInUser(ctx);
    ctx.clock.advance(8 * DAY);
    readOnly = await signIn(ctx, expired.email, expired.password);
    // A second account whose trial is extended by hand stays writable: the walk must tell them apart.
    await ctx.db.db
      .updateTable('user_profiles')
      .set({ trial_end_date: new Date(ctx.clock.now.getTime() + DAY).toISOString() })
      .where('id', '=', current.userId)
      .execute();
    trial = await signIn(ctx, current.email, current.password);
  });
  afterAll(() => ctx.close());

  it('refuses every write route to a read-only account unless it is open on purpose', async () => {
    const operations = writeOperations(ctx.app.swagger() as unknown as OpenApiDocument);
    const guarded = operations.filter((op) => !openOnPurpose.some(([prefix]) => op.path.startsWith(prefix)));
    // The walk must see the workspace: if the document lost its routes, this test would prove nothing.
    expect(guarded.length).toBeGreaterThan(20);

    const reachable: string[] = [];
    for (const op of guarded) {
      const res = await ctx.app.inject({
        method: op.method as 'POST',
        url: op.url,
        payload: {},
        ...asUser(readOnly),
      });
      const code = res.statusCode === 403 ? (res.json() as { error: { code: string } }).error.code : null;
      if (code !== 'read_only') reachable.push(`${op.method} ${op.path} → ${res.statusCode}`);
    }
    expect(reachable).toEqual([]);
  });

  it('lets a writable account through the same routes (the guard is not a blanket refusal)', async () => {
    const operations = writeOperations(ctx.app.swagger() as unknown as OpenApiDocument);
    const guarded = operations.filter((op) => !openOnPurpose.some(([prefix]) => op.path.startsWith(prefix)));
    for (const op of guarded) {
      const res = await ctx.app.inject({
        method: op.method as 'POST',
        url: op.url,
        payload: {},
        ...asUser(trial),
      });
      const body = res.statusCode >= 400 ? (res.json() as { error: { code: string } }) : null;
      expect(body?.error.code, `${op.method} ${op.path}`).not.toBe('read_only');
    }
  });

  it('asks for a signed-in user before anything else', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/notebooks', payload: { title: 'x' } });
    expect(res.statusCode).toBe(401);
  });

  it('lists only prefixes that still name routes', () => {
    const paths = Object.keys((ctx.app.swagger() as unknown as OpenApiDocument).paths);
    for (const [prefix] of openOnPurpose) {
      expect(
        paths.some((path) => path.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });
});
