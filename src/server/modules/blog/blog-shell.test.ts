import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp, createAppContext } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from '../../test/engines.ts';

/** Roughly what `vite build` writes. */
const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The app's own description." />
    <title>Jotlist — notes and tasks, together</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** The real app over a built client made of `files` (beside an entry script). */
async function appWithClient(files: Record<string, string>) {
  const clientDir = mkdtempSync(join(tmpdir(), 'jotlist-client-'));
  mkdirSync(join(clientDir, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(clientDir, name), text);
  writeFileSync(join(clientDir, 'assets', 'index-abc.js'), 'export {};');
  const db = await createTestDatabase('sqlite');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://jotlist.example',
    SUPPORT_EMAIL: 'help@jotlist.example',
  });
  const logger = pino({ level: 'silent' });
  const now = () => new Date();
  const app = await buildApp({
    config,
    logger,
    database: db,
    mailer: createMailer({ outboxDir: join(clientDir, 'outbox'), from: config.MAIL_FROM, logger }),
    context: createAppContext({ database: db, logger, now }),
    secretKey: Buffer.alloc(32, 7),
    clientDir,
    now,
  });
  await app.ready();
  return { app, db, clientDir };
}

/** The blog's own shell as `vite build` writes blog.html: the blog script, not the SPA. */
const builtBlog = builtIndex
  .replace("The app's own description.", '')
  .replace('/assets/index-abc.js', '/assets/blog-xyz.js');

describe('blog pages in the built blog shell (blog.html)', () => {
  let app: App;
  let db: TestDatabase;
  let clientDir: string;

  beforeAll(async () => {
    ({ app, db, clientDir } = await appWithClient({ 'index.html': builtIndex, 'blog.html': builtBlog }));
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('/blog, a post and a missing post are the complete page with the blog script and no SPA data', async () => {
    const list = await app.inject({ method: 'GET', url: '/blog' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('src="/assets/blog-xyz.js"');
    expect(list.body).not.toContain('/assets/index-abc.js');
    expect(list.body).not.toContain('jotlist-blog-data');
    expect(list.body).toContain('<title>Blog — Jotlist</title>');
    expect(list.body).toContain('<a href="/" class="');
    expect(list.body).toContain('Back to App</a>');
    expect(list.body).toContain('href="mailto:help@jotlist.example"');
    expect(list.body).toMatch(/<footer [\s\S]*href="\/security"/);
    expect(list.headers['content-security-policy']).toContain("script-src 'self';");

    const missing = await app.inject({ method: 'GET', url: '/blog/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('src="/assets/blog-xyz.js"');
    expect(missing.body).toContain('data-blog-missing');
  });

  it('the admin stays in the SPA', async () => {
    const res = await app.inject({ method: 'GET', url: '/blog/admin' });
    expect(res.body).toBe(builtIndex);
  });
});

/**
 * A build without blog.html: the blog pages inside the SPA's shell with their data (the SPA takes over),
 * beside the SPA's history fallback and the strict CSP.
 */
describe('blog pages in the built client shell', () => {
  let app: App;
  let db: TestDatabase;
  let clientDir: string;

  beforeAll(async () => {
    ({ app, db, clientDir } = await appWithClient({ 'index.html': builtIndex }));
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('/blog is the built index.html with the blog head and content, and keeps the client script', async () => {
    const res = await app.inject({ method: 'GET', url: '/blog' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toContain('<title>Blog — Jotlist</title>');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain("The app's own description.");
    expect(html).toContain('<link rel="canonical" href="http://jotlist.example/blog" />');
    expect(html).toMatch(
      /<div id="root"><div [^>]*>[\s\S]*<main id="main-content"[^>]*>[\s\S]*<h1 [^>]*>Blog<\/h1>[\s\S]*No posts available yet\. Check back soon!<\/p><\/div><\/div><\/main><footer [\s\S]*<\/footer><\/div><\/div><script type="application\/json" id="jotlist-blog-data">/,
    );
    // The strict CSP is unchanged: scripts from our origin only (JSON-LD is a data block, not a script).
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('a missing post is a 404 HTML page the client can still take over', async () => {
    const res = await app.inject({ method: 'GET', url: '/blog/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('/assets/index-abc.js');
  });

  it('client routes under /blog/admin still get the plain app shell', async () => {
    for (const url of ['/blog/admin', '/blog/admin/new', '/blog/admin/edit/new']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(builtIndex);
    }
  });

  it('HEAD works like GET without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/blog' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    expect(res.body).toBe('');
  });
});
