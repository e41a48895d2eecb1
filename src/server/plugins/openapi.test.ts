import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { testEngines } from '../test/engines.ts';
import { buildTestApp, type TestContext } from '../test/test-app.ts';
import { swaggerLogoStyle } from './openapi.ts';

const docsAddresses = ['/api/docs', '/api/docs/', '/api/docs/static/index.html', '/api/openapi.json'];

/** API_DOCS=off: a production may keep its API's shape to itself. On by default. */
describe.each(testEngines)('API_DOCS on %s', (engine) => {
  let off: TestContext;
  let on: TestContext;

  beforeAll(async () => {
    off = await buildTestApp(engine, { API_DOCS: 'off' });
    on = await buildTestApp(engine);
  });
  afterAll(async () => {
    await off.close();
    await on.close();
  });

  it('off: the docs page and the OpenAPI document answer the API 404', async () => {
    for (const url of docsAddresses) {
      const res = await off.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { code: 'not_found' } });
    }
    // The API itself is unchanged.
    expect((await off.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('on by default: both are served', async () => {
    expect((await on.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    expect((await on.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });

  it("the docs page allows its logo's inline style by hash, and no other inline style", async () => {
    const page = await on.app.inject({ method: 'GET', url: '/api/docs/' });
    const csp = String(page.headers['content-security-policy']);
    expect(/(?:^|;)style-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/)).toEqual([
      "'self'",
      "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
    ]);
    expect(csp).toContain("script-src 'self'");
  });
});

describe('the docs page inline style allowed by hash', () => {
  it("is exactly the <style> swagger-ui's top bar logo holds in the installed bundle", () => {
    // Read from the package as installed: an upgrade that changes the logo's style fails here.
    const uiDir = join(createRequire(import.meta.url).resolve('@fastify/swagger-ui'), '..');
    const preset = readFileSync(join(uiDir, 'static/swagger-ui-standalone-preset.js'), 'utf8');
    const inlineStyles = [...preset.matchAll(/createElement\("style",null,"([^"]*)"\)/g)].map((m) => m[1]);
    expect(inlineStyles).toEqual([swaggerLogoStyle]);
  });
});

describe('the API_DOCS setting', () => {
  it('is on or off, on when unset, and refuses anything else at start', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).API_DOCS).toBe('on');
    expect(loadConfig({ NODE_ENV: 'test', API_DOCS: 'off' }).API_DOCS).toBe('off');
    expect(() => loadConfig({ NODE_ENV: 'test', API_DOCS: 'no' })).toThrow(ConfigError);
  });
});
