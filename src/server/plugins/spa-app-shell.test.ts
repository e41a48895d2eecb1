import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBuild, stampServiceWorker } from '../../../scripts/vite-service-worker-build.ts';
import { registerSpa } from './spa.ts';

const publicDir = join(import.meta.dirname, '../../../public');

/** A built client as `vite build` lays it out: public/ copied beside the page and its hashed files. */
function builtClient(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jotlist-shell-'));
  cpSync(publicDir, dir, { recursive: true });
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'blog.html'), '<!doctype html>');
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'export {};');
  writeFileSync(join(dir, 'assets', 'index-abc.js.map'), '{}');
  return dir;
}

describe('the installable app as the server serves it', () => {
  let app: FastifyInstance;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = builtClient();
    app = Fastify();
    await registerSpa(app, { clientDir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves /manifest.webmanifest as application/manifest+json with what installing needs', async () => {
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = response.json();
    expect(manifest).toMatchObject({
      name: 'Jotlist',
      short_name: 'Jotlist',
      start_url: '/app',
      scope: '/',
      display: 'standalone',
      theme_color: '#2563eb',
      background_color: '#ffffff',
    });
    const sizes = (manifest.icons as { sizes: string; purpose: string }[]).map(
      (i) => `${i.sizes} ${i.purpose}`,
    );
    expect(sizes.sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('serves every icon the manifest names as a PNG of the size it states', async () => {
    const manifest = (await app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json();
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const response = await app.inject({ method: 'GET', url: icon.src });
      expect(response.headers['content-type']).toBe('image/png');
      const png = response.rawPayload;
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });

  it('serves the worker revalidated on every load, so a deploy is seen at once', async () => {
    const response = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('the build written into the service worker', () => {
  let dir: string;
  beforeAll(() => {
    dir = builtClient();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists the shell and every built file, never source maps, the blog shell or the worker itself', () => {
    const { files } = describeBuild(dir);
    expect(files).toContain('/index.html');
    expect(files).toContain('/assets/index-abc.js');
    expect(files).toContain('/manifest.webmanifest');
    expect(files).toContain('/icons/icon-512.png');
    expect(files).not.toContain('/assets/index-abc.js.map');
    expect(files).not.toContain('/blog.html');
    expect(files).not.toContain('/sw.js');
  });

  it('names the build by its files: the same files keep the id, any change makes a new one', () => {
    const first = describeBuild(dir).id;
    expect(describeBuild(dir).id).toBe(first);
    writeFileSync(join(dir, 'assets', 'index-abc.js'), 'export const changed = 1;');
    expect(describeBuild(dir).id).not.toBe(first);
  });

  it('stamps the worker so it starts with the build set on self', () => {
    const build = describeBuild(dir);
    const source = readFileSync(join(publicDir, 'sw.js'), 'utf8');
    const sandbox: { self: Record<string, unknown> } = { self: {} };
    runInNewContext(stampServiceWorker(source, build).split('\n')[0] ?? '', sandbox);
    expect(sandbox.self.jotlistBuild).toEqual(build);
  });
});
