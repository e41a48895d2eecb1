import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostCardsResponse, PublicPost } from '../../../shared/schemas/blog.ts';
import { testEngines } from '../../test/engines.ts';
import {
  adminApi,
  type BlogTestContext,
  blogTestApp,
  call,
  expectApiError,
  postBody,
} from './blog-test-helpers.ts';

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => name === 'item' || name === 'url',
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function parseXml(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

describe.each(testEngines)('public blog on %s', (engine) => {
  let b: BlogTestContext;
  let api: ReturnType<typeof adminApi>;

  beforeAll(async () => {
    b = await blogTestApp(engine, { APP_URL: 'https://jotlist.example' });
    api = adminApi(b);
  });
  afterAll(() => b.ctx.close());

  it('drafts are invisible everywhere: API, pages, RSS, sitemap', async () => {
    const draft = await api.createPost({ title: 'Secret draft title', slug: `secret-draft-${engine}` });
    const list = (await call(b.ctx, 'GET', '/api/blog/posts')).json() as PostCardsResponse;
    expect(list.posts.map((p) => p.id)).not.toContain(draft.id);
    expectApiError(await call(b.ctx, 'GET', `/api/blog/posts/${draft.slug}`), 404, 'not_found');
    expectApiError(await call(b.ctx, 'POST', `/api/blog/posts/${draft.slug}/view`), 404, 'not_found');
    // Signed in as the admin changes nothing on the public side.
    expectApiError(
      await call(b.ctx, 'GET', `/api/blog/posts/${draft.slug}`, { cookies: b.admin.cookies }),
      404,
      'not_found',
    );

    const page = await call(b.ctx, 'GET', `/blog/${draft.slug}`);
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
    expect(page.body).not.toContain('Secret draft title');
    for (const url of ['/blog', '/blog/rss.xml', '/sitemap.xml']) {
      const res = await call(b.ctx, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Secret draft');
      expect(res.body).not.toContain(draft.slug);
    }
  });

  it('a missing slug answers an HTML 404 page; /blog/admin is the app shell', async () => {
    const missing = await call(b.ctx, 'GET', '/blog/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatch(/^<!doctype html>/i);
    const admin = await call(b.ctx, 'GET', '/blog/admin');
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-type']).toContain('text/html');
  });

  it('the public list: published only, newest first, at most 12, by category', async () => {
    const category = await api.createCategory(`Guides ${engine}`);
    const ids: string[] = [];
    for (let i = 0; i < 13; i += 1) {
      b.ctx.clock.advance(1000);
      ids.push((await api.publish({ categoryId: i % 2 === 0 ? category.id : null })).id);
    }
    const { posts } = (await call(b.ctx, 'GET', '/api/blog/posts')).json() as PostCardsResponse;
    expect(posts.map((p) => p.id)).toEqual(ids.slice(1).reverse());
    const filtered = (
      await call(b.ctx, 'GET', `/api/blog/posts?category=${category.id}`)
    ).json() as PostCardsResponse;
    expect(filtered.posts.map((p) => p.id)).toEqual(ids.filter((_id, i) => i % 2 === 0).reverse());
    expect(Object.keys(posts[0] ?? {}).sort()).toEqual(
      [
        'categoryId',
        'excerpt',
        'featuredImage',
        'id',
        'publishedAt',
        'readingTime',
        'slug',
        'tags',
        'title',
      ].sort(),
    );
    const categories = (await call(b.ctx, 'GET', '/api/blog/categories')).json() as { categories: unknown[] };
    expect(categories.categories).toContainEqual(category);
  });

  it('a published post, and its views: 50 readers opening it at once, 50 more views', async () => {
    const post = await api.publish({ metaTitle: 'Meta', metaDescription: 'Described' });
    const read = await call(b.ctx, 'GET', `/api/blog/posts/${post.slug}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: post.id, content: post.content, metaTitle: 'Meta', views: 0 });
    const opens = await Promise.all(
      Array.from({ length: 50 }, (_v, i) =>
        call(b.ctx, 'POST', `/api/blog/posts/${post.slug}/view`, {
          headers: { 'user-agent': `reader ${i}` },
        }),
      ),
    );
    expect(opens.every((res) => res.statusCode === 200)).toBe(true);
    for (const res of opens) expect((res.json() as { views: number }).views).toBeGreaterThan(0);
    // Written in a batch (blog-views.ts): once it is, none was lost to a race.
    await b.ctx.deps.context.blogViews.flush();
    const after = (await call(b.ctx, 'GET', `/api/blog/posts/${post.slug}`)).json() as PublicPost;
    expect(after.views).toBe(50);
  });

  it('a title with ", </script> and $& is escaped in the server HTML, head and JSON-LD', async () => {
    const title = 'Quotes " and </script><script>alert(1)</script> and $& and $1 <b>';
    const post = await api.publish({
      title,
      excerpt: 'Excerpt with $& and "quotes"',
      featuredImage: 'https://img.example/cover.png?a=1&b=2',
      content: '<p>Body with $&amp; text</p><script>alert(2)</script>',
    });
    const page = await call(b.ctx, 'GET', `/blog/${post.slug}`);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    const escaped =
      'Quotes &quot; and &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; and $&amp; and $1 &lt;b&gt;';
    expect(html).toContain(`<title>${escaped} — Jotlist</title>`);
    expect(html).toMatch(new RegExp(`<h1 [^>]*>${escapeRegExp(escaped)}</h1>`));
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain(`<meta name="twitter:title" content="${escaped}" />`);
    expect(html).toContain(
      '<meta name="description" content="Excerpt with $&amp; and &quot;quotes&quot;" />',
    );
    expect(html).toContain(`<link rel="canonical" href="https://jotlist.example/blog/${post.slug}" />`);
    expect(html).toContain(
      '<meta property="og:image" content="https://img.example/cover.png?a=1&amp;b=2" />',
    );
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<p>Body with $&amp; text</p>');
    // The only script elements are the data blocks, JSON-LD and the page data for the SPA (the built
    // client adds its module script).
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script type="application/ld+json">',
      '<script type="application/json" id="jotlist-blog-data">',
    ]);
    expect(html).not.toContain('alert(2)');
    const jsonLd = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(jsonLd).not.toContain('<');
    expect(JSON.parse(jsonLd)).toMatchObject({ '@type': 'BlogPosting', headline: title });
    // The list page shows it escaped too.
    const list = await call(b.ctx, 'GET', '/blog');
    expect(list.body).toMatch(new RegExp(`<h2 [^>]*>${escapeRegExp(escaped)}</h2>`));
    expect(list.body).toContain(`<span class="sr-only">about ${escaped}</span>`);
    expect(list.body).not.toContain('<script>alert(1)');
  });

  it('meta title and description fall back to the title and excerpt', async () => {
    const post = await api.publish({ title: 'Plain title', excerpt: 'Plain excerpt' });
    const html = (await call(b.ctx, 'GET', `/blog/${post.slug}`)).body;
    expect(html).toContain('<title>Plain title — Jotlist</title>');
    expect(html).toContain('<meta name="description" content="Plain excerpt" />');
    const withMeta = await api.savePost(
      post.id,
      postBody({ slug: post.slug, publish: true, metaTitle: 'SEO title', metaDescription: 'SEO text' }),
    );
    const again = (await call(b.ctx, 'GET', `/blog/${withMeta.slug}`)).body;
    expect(again).toContain('<title>SEO title — Jotlist</title>');
    expect(again).toContain('<meta property="og:description" content="SEO text" />');
  });

  it('public responses carry an ETag, answer 304 to it, and change on publish, update and delete', async () => {
    const urls = ['/blog', '/blog/rss.xml', '/sitemap.xml', '/api/blog/posts', '/api/blog/categories'];
    const post = await api.publish();
    urls.push(`/blog/${post.slug}`, `/api/blog/posts/${post.slug}`);
    const etags = async () => {
      const found: Record<string, string> = {};
      for (const url of urls) {
        const res = await call(b.ctx, 'GET', url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        const etag = res.headers.etag;
        expect(typeof etag, url).toBe('string');
        const again = await call(b.ctx, 'GET', url, { headers: { 'if-none-match': String(etag) } });
        expect(again.statusCode, url).toBe(304);
        expect(again.body, url).toBe('');
        const weak = await call(b.ctx, 'GET', url, {
          headers: { 'if-none-match': `"other", ${String(etag).startsWith('W/') ? '' : 'W/'}${etag}` },
        });
        expect(weak.statusCode, url).toBe(304);
        found[url] = String(etag);
      }
      return found;
    };
    const before = await etags();

    const changes: Array<[string, () => Promise<unknown>, string[]]> = [
      [
        'publishing another post',
        () => api.publish(),
        ['/blog', '/blog/rss.xml', '/sitemap.xml', '/api/blog/posts'],
      ],
      [
        'updating the post',
        () => {
          b.ctx.clock.advance(1000);
          return api.savePost(post.id, postBody({ slug: post.slug, title: 'Changed title', publish: true }));
        },
        // ETags hash the bytes: the categories did not change, so neither does their ETag.
        urls.filter((url) => url !== '/api/blog/categories'),
      ],
      ['adding a category', () => api.createCategory(`Etag ${engine}`), ['/api/blog/categories']],
    ];
    let previous = before;
    for (const [what, change, changed] of changes) {
      await change();
      const now = await etags();
      for (const url of changed) expect(now[url], `${url} after ${what}`).not.toBe(previous[url]);
      const stale = await call(b.ctx, 'GET', changed[0] ?? '/blog', {
        headers: { 'if-none-match': previous[changed[0] ?? '/blog'] ?? '' },
      });
      expect(stale.statusCode).toBe(200);
      previous = now;
    }
    await api.deletePost(post.id);
    const gone = await call(b.ctx, 'GET', `/blog/${post.slug}`, {
      headers: { 'if-none-match': previous[`/blog/${post.slug}`] ?? '' },
    });
    expect(gone.statusCode).toBe(404);
    const list = await call(b.ctx, 'GET', '/blog', { headers: { 'if-none-match': previous['/blog'] ?? '' } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(post.slug);
  });

  it('pages are sent compressed when accepted, each encoding with its own ETag', async () => {
    await api.publish({ content: `<p>${'Long enough to compress. '.repeat(100)}</p>` });
    const plain = await call(b.ctx, 'GET', '/blog');
    const br = await call(b.ctx, 'GET', '/blog', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gzip = await call(b.ctx, 'GET', '/blog', { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    const revalidated = await call(b.ctx, 'GET', '/blog', {
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('RSS 2.0: well-formed, latest 20 published, guid is the post id', async () => {
    for (let i = 0; i < 21; i += 1) {
      b.ctx.clock.advance(1000);
      await api.publish({ title: `Feed & <post> ${i}`, content: '<p>a &amp; b</p>' });
    }
    const res = await call(b.ctx, 'GET', '/blog/rss.xml');
    expect(res.headers['content-type']).toContain('application/rss+xml');
    const feed = parseXml(res.body);
    expect(feed.rss['@_version']).toBe('2.0');
    const channel = feed.rss.channel;
    expect(channel.link).toBe('https://jotlist.example/blog');
    expect(channel.item).toHaveLength(20);
    expect(channel.item[0].title).toBe(
      'Feed &amp; &lt;post&gt; 20'.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'),
    );
    expect(channel.item[0].guid['@_isPermaLink']).toBe('false');
    expect(channel.item[0].guid['#text']).toMatch(/^[0-9a-f-]{36}$/);
    expect(channel.item[0].link).toMatch(/^https:\/\/jotlist\.example\/blog\/post-/);
    expect(new Date(channel.item[0].pubDate).getTime()).not.toBeNaN();
  });

  it('sitemap: well-formed, the public pages and every published post with lastmod', async () => {
    const post = await api.publish();
    const res = await call(b.ctx, 'GET', '/sitemap.xml');
    expect(res.headers['content-type']).toContain('application/xml');
    const urls = parseXml(res.body).urlset.url as Array<{ loc: string; lastmod?: string }>;
    const locs = urls.map((u) => u.loc);
    for (const path of ['/landing', '/about', '/contact', '/privacy', '/terms', '/security', '/blog']) {
      expect(locs).toContain(`https://jotlist.example${path}`);
    }
    expect(urls.find((u) => u.loc === `https://jotlist.example/blog/${post.slug}`)?.lastmod).toBe(
      post.updatedAt,
    );
  });

  it('the list page has the posts inside #root and SEO tags in the head', async () => {
    await api.publish();
    const res = await call(b.ctx, 'GET', '/blog');
    expect(res.body).toContain('<link rel="canonical" href="https://jotlist.example/blog" />');
    expect(res.body).toContain('<meta property="og:type" content="website" />');
    // A complete page, as the SPA's PublicLayout draws it: skip link, header, main, footer.
    expect(res.body).toMatch(
      /<div id="root"><div [^>]*><a href="#main-content"[^>]*>Skip to content<\/a><header [\s\S]*<\/header><main id="main-content"[^>]*><nav aria-label="Blog"/,
    );
    expect(res.body).toMatch(/<\/main><footer [\s\S]*href="\/privacy"[\s\S]*<\/footer><\/div><\/div>/);
    expect(res.body).toMatch(/<ul class="grid [^"]*"><li class="flex"><article /);
    expect(res.body).toContain('Read more');
  });

  it('/blog?category=<id> renders that category pressed with its posts; an unknown one, the whole list', async () => {
    const category = await api.createCategory(`Filtered ${engine}`);
    const inside = await api.publish({ title: `Inside ${engine}`, categoryId: category.id });
    const outside = await api.publish({ title: `Outside ${engine}`, categoryId: null });
    const pressed = (html: string) =>
      html.match(/<button [^>]*aria-pressed="true"[^>]*>([^<]*)<\/button>/)?.[1];

    const filtered = (await call(b.ctx, 'GET', `/blog?category=${category.id}`)).body;
    expect(pressed(filtered)).toBe(`Filtered ${engine}`);
    expect(filtered).toContain(`/blog/${inside.slug}"`);
    expect(filtered).not.toContain(`/blog/${outside.slug}"`);

    const unknown = (await call(b.ctx, 'GET', '/blog?category=00000000-0000-4000-8000-000000000000')).body;
    expect(pressed(unknown)).toBe('All Posts');
    expect(unknown).toContain(`/blog/${outside.slug}"`);
  });

  it('a post page carries a working Share button and the configured support address', async () => {
    const post = await api.publish({
      title: `Shared ${engine}`,
      metaTitle: 'Share title',
      excerpt: 'Share text',
    });
    const html = (await call(b.ctx, 'GET', `/blog/${post.slug}`)).body;
    expect(html).toMatch(
      /<button type="button" data-share-title="Share title" data-share-text="Share text"[^>]*>[\s\S]*?Share<\/button><span role="status"/,
    );
    expect(html).toContain(`<article data-blog-post="${post.slug}"`);
    expect(html).toMatch(/href="mailto:[^"]+@[^"]+"/);
  });
});
