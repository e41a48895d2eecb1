import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/engines.ts';
import { buildTestApp, type TestContext } from '../test/test-app.ts';
import { styleNoncePlaceholder } from './app-shell.ts';

/** The policy every response but the app shell's carries, word for word (docs/accounts.md). */
const policy = (imgSrc: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${imgSrc}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join(';');

/** A built client whose index.html is the real one (its nonce placeholder included). */
function builtClient(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jotlist-csp-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), readFileSync(join(import.meta.dirname, '../../../index.html')));
  writeFileSync(join(dir, 'blog.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'export {};');
  return dir;
}

const styleSrcOf = (csp: unknown) => /(?:^|;)style-src ([^;]*)/.exec(String(csp))?.[1];
/** The nonce the shell's markup gives the client (client/lib/style-nonce.ts reads it). */
const markupNonceOf = (html: string) => /<meta property="csp-nonce" nonce="([^"]*)"/.exec(html)?.[1];

describe.each(testEngines)('the Content-Security-Policy on %s', (engine) => {
  let ctx: TestContext;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = builtClient();
    ctx = await buildTestApp(engine, {}, { clientDir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("is the same strict policy on API answers, files and the blog's pages: no inline style at all", async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(policy("'self' data:"));
    const file = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(file.headers['content-security-policy']).toBe(policy("'self' data:"));
    const blog = await ctx.app.inject({ method: 'GET', url: '/blog' });
    expect(blog.statusCode).toBe(200);
    expect(blog.headers['content-security-policy']).toBe(policy("'self' data: https:"));
  });

  it("gives each app shell its own style nonce, the same in the header and in the page's markup", async () => {
    const seen = new Set<string>();
    for (const url of ['/app', '/app', '/landing', '/index.html', '/blog/admin', '/blog/admin/new']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const styleSrc = styleSrcOf(res.headers['content-security-policy']);
      expect(styleSrc, url).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
      const nonce = markupNonceOf(res.body);
      expect(styleSrc).toBe(`'self' 'nonce-${nonce}'`);
      expect(res.body).not.toContain(styleNoncePlaceholder);
      seen.add(String(nonce));
      // No validator: a 304 would bring a new nonce for a cached page holding an old one.
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['last-modified']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect(seen.size).toBe(6);
  });

  it('keeps the rest of the policy in the shell: the nonce is the only difference', async () => {
    const app = await ctx.app.inject({ method: 'GET', url: '/app' });
    const nonce = markupNonceOf(app.body);
    expect(app.headers['content-security-policy']).toBe(
      policy("'self' data:").replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`),
    );
    const admin = await ctx.app.inject({ method: 'GET', url: '/blog/admin' });
    expect(admin.headers['content-security-policy']).toBe(
      policy("'self' data: https:").replace(
        "style-src 'self'",
        `style-src 'self' 'nonce-${markupNonceOf(admin.body)}'`,
      ),
    );
  });

  it("does not serve the blog's template as a file", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/blog.html' });
    expect(res.statusCode).toBe(404);
  });
});

describe.each(testEngines)('the Content-Security-Policy behind https on %s', (engine) => {
  let ctx: TestContext;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = builtClient();
    ctx = await buildTestApp(engine, { APP_URL: 'https://jotlist.example' }, { clientDir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('upgrades insecure requests in the shell too', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(
      `${policy("'self' data:")};upgrade-insecure-requests`,
    );
    const shell = await ctx.app.inject({ method: 'GET', url: '/app' });
    expect(shell.headers['content-security-policy']).toBe(
      `${policy("'self' data:")};upgrade-insecure-requests`.replace(
        "style-src 'self'",
        `style-src 'self' 'nonce-${markupNonceOf(shell.body)}'`,
      ),
    );
  });
});
