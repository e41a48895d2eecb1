import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Db, openDatabase } from '../../db/database.ts';
import { testEngines } from '../../test/engines.ts';
import { adminApi, type BlogTestContext, blogTestApp } from './blog-test-helpers.ts';
import { ViewCounter } from './blog-views.ts';

const storedViews = async (db: Db, id: string) =>
  Number(
    (await db.selectFrom('blog_posts').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views,
  );

/** The public view counter: once per visitor per post per day, written to the database in batches. */
describe.each(testEngines)('blog views on %s', (engine) => {
  let b: BlogTestContext;
  let api: ReturnType<typeof adminApi>;
  beforeAll(async () => {
    b = await blogTestApp(engine);
    api = adminApi(b);
  });
  afterAll(() => b.ctx.close());

  const open = (slug: string, visitor: { ip?: string; userAgent?: string } = {}) =>
    b.ctx.app.inject({
      method: 'POST',
      url: `/api/blog/posts/${slug}/view`,
      remoteAddress: visitor.ip ?? '203.0.113.7',
      headers: { 'user-agent': visitor.userAgent ?? 'Reader/1.0' },
    });

  it('one visitor opening a post 200 times counts one view', async () => {
    const post = await api.publish();
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => open(post.slug)));
      for (const res of answers) expect(res.json()).toEqual({ views: 1 });
    }
    await b.ctx.deps.context.blogViews.flush();
    expect(await storedViews(b.ctx.db.db, post.id)).toBe(1);
  });

  it('distinct visitors each count: another address, another browser', async () => {
    const post = await api.publish();
    expect((await open(post.slug, { ip: '203.0.113.1' })).json()).toEqual({ views: 1 });
    expect((await open(post.slug, { ip: '203.0.113.2' })).json()).toEqual({ views: 2 });
    expect((await open(post.slug, { ip: '203.0.113.1', userAgent: 'Other/2.0' })).json()).toEqual({
      views: 3,
    });
    expect((await open(post.slug, { ip: '203.0.113.2' })).json()).toEqual({ views: 3 });
    // The same visitor opening another post counts there.
    const other = await api.publish();
    expect((await open(other.slug, { ip: '203.0.113.1' })).json()).toEqual({ views: 1 });
  });

  it('counted views reach the database by themselves, a few seconds later', async () => {
    const post = await api.publish();
    await Promise.all(['a', 'b', 'c'].map((userAgent) => open(post.slug, { userAgent })));
    await vi.waitFor(async () => expect(await storedViews(b.ctx.db.db, post.id)).toBe(3), {
      timeout: 15_000,
      interval: 100,
    });
    const read = await b.ctx.app.inject({ method: 'GET', url: `/api/blog/posts/${post.slug}` });
    expect(read.json()).toMatchObject({ views: 3 });
  });

  it('a missing or draft post counts nothing and answers 404', async () => {
    const draft = await api.createPost();
    expect((await open(draft.slug)).statusCode).toBe(404);
    expect((await open('no-such-post')).statusCode).toBe(404);
    await b.ctx.deps.context.blogViews.flush();
    expect(await storedViews(b.ctx.db.db, draft.id)).toBe(0);
  });
});

describe.each(testEngines)('blog views at a graceful stop on %s', (engine) => {
  let b: BlogTestContext;
  beforeAll(async () => {
    b = await blogTestApp(engine);
  });
  afterAll(async () => {
    await b.ctx.db.dispose();
    await b.ctx.smtp.close();
  });

  it('views still waiting in memory are written before the database closes', async () => {
    // Put in place before any view, with a flush an hour away: only the stop can write these.
    const counter = new ViewCounter(b.ctx.deps, { flushMs: 60 * 60 * 1000 });
    b.ctx.deps.context.blogViews = counter;
    const post = await adminApi(b).publish();
    for (const userAgent of ['a', 'b']) {
      await b.ctx.app.inject({
        method: 'POST',
        url: `/api/blog/posts/${post.slug}/view`,
        headers: { 'user-agent': userAgent },
      });
    }
    expect(counter.pendingFor(post.id)).toBe(2);
    expect(await storedViews(b.ctx.db.db, post.id)).toBe(0);

    await b.ctx.app.close();
    const { sqlitePath, sqliteKey, databaseUrl } = b.ctx.db;
    const reopened = openDatabase(
      sqlitePath ? { sqlitePath, sqliteKey: sqliteKey ?? null } : { databaseUrl: databaseUrl as string },
    );
    try {
      expect(await storedViews(reopened.db, post.id)).toBe(2);
    } finally {
      await reopened.close();
    }
  });
});
