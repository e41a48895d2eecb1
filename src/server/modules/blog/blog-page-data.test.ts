import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlogPageData, blogPageDataSchema } from '../../../shared/schemas/blog.ts';
import { testEngines } from '../../test/engines.ts';
import { adminApi, type BlogTestContext, blogTestApp, call } from './blog-test-helpers.ts';

/** The JSON data block of a server-rendered blog page, parsed, or null when there is none. */
function pageData(html: string): BlogPageData | null {
  const blocks = [
    ...html.matchAll(/<script type="application\/json" id="jotlist-blog-data">([\s\S]*?)<\/script>/g),
  ];
  if (blocks.length === 0) return null;
  expect(blocks).toHaveLength(1);
  const text = blocks[0]?.[1] ?? '';
  // Nothing in it can end the element or open a comment: `<` only appears escaped.
  expect(text).not.toContain('<');
  return blogPageDataSchema.parse(JSON.parse(text));
}

describe.each(testEngines)('blog pages embed their data for the SPA on %s', (engine) => {
  let b: BlogTestContext;
  let api: ReturnType<typeof adminApi>;

  beforeAll(async () => {
    b = await blogTestApp(engine, { APP_URL: 'https://jotlist.example' });
    api = adminApi(b);
  });
  afterAll(() => b.ctx.close());

  it('/blog carries the categories and the same posts as /api/blog/posts', async () => {
    const category = await api.createCategory(`Data ${engine}`);
    await api.publish({ title: 'First in the data', categoryId: category.id });
    const page = await call(b.ctx, 'GET', '/blog');
    expect(page.statusCode).toBe(200);
    const data = pageData(page.body);
    const posts = (await call(b.ctx, 'GET', '/api/blog/posts')).json();
    const categories = (await call(b.ctx, 'GET', '/api/blog/categories')).json();
    expect(data).toEqual({ kind: 'list', ...categories, ...posts });
  });

  it('a post page carries the post as /api/blog/posts/{slug} answers it', async () => {
    const post = await api.publish({ title: 'Data post', content: '<p>Hello <em>there</em></p>' });
    const page = await call(b.ctx, 'GET', `/blog/${post.slug}`);
    expect(page.statusCode).toBe(200);
    const api200 = (await call(b.ctx, 'GET', `/api/blog/posts/${post.slug}`)).json();
    expect(pageData(page.body)).toEqual({ kind: 'post', post: api200 });
  });

  it('a title with </script> or <!-- cannot break out of the data block', async () => {
    const title = 'Evil </script><script>alert(1)</script> <!-- and --> &';
    const post = await api.publish({ title, excerpt: '</SCRIPT> excerpt <!--' });
    const page = await call(b.ctx, 'GET', `/blog/${post.slug}`);
    const data = pageData(page.body);
    expect(data?.kind === 'post' && data.post.title).toBe(title);
    expect(data?.kind === 'post' && data.post.excerpt).toBe('</SCRIPT> excerpt <!--');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toMatch(/<\/script>\s*<script>alert/i);
    const list = pageData((await call(b.ctx, 'GET', '/blog')).body);
    expect(list?.kind === 'list' && list.posts.some((card) => card.title === title)).toBe(true);
  });

  it('drafts, missing slugs and /blog/admin carry no data (drafts and missing answer 404)', async () => {
    const draft = await api.createPost({ title: 'Draft with data?', slug: `draft-data-${engine}` });
    const page = await call(b.ctx, 'GET', `/blog/${draft.slug}`);
    expect(page.statusCode).toBe(404);
    expect(pageData(page.body)).toBeNull();
    expect(page.body).not.toContain('Draft with data?');
    const missing = await call(b.ctx, 'GET', '/blog/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(pageData(missing.body)).toBeNull();
    expect(pageData((await call(b.ctx, 'GET', '/blog/admin')).body)).toBeNull();
    const list = pageData((await call(b.ctx, 'GET', '/blog')).body);
    expect(list?.kind === 'list' && list.posts.some((card) => card.slug === draft.slug)).toBe(false);
  });
});
