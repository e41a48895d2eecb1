import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
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

/** The blog pages inside the real built shell, beside the SPA's history fallback and the strict CSP. */
describe('blog pages in the built client shell', () => {
  let app: App;
  let db: TestDatabase;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'jotlist-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), builtIndex);
    writeFileSync(join(clientDir, 'assets', 'index-abc.js'), 'export {};');
    db = await createTestDatabase('sqlite');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://jotlist.example' });
    const logger = pino({ level: 'silent' });
    app = await buildApp({
      config,
      logger,
      database: db,
      mailer: createMailer({ outboxDir: join(clientDir, 'outbox'), from: config.MAIL_FROM, logger }),
      secretKey: Buffer.alloc(32, 7),
      clientDir,
      now: () => new Date(),
    });
    await app.ready();
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
      /<div id="root"><div [^>]*><main id="main-content"[^>]*>[\s\S]*<h1 [^>]*>Blog<\/h1>[\s\S]*No posts available yet\. Check back soon!<\/p><\/div><\/div><\/main><\/div><\/div><script type="application\/json" id="jotlist-blog-data">/,
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
