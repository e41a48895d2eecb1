import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { testEngines } from '../test/engines.ts';
import { buildTestApp, type TestContext } from '../test/test-app.ts';

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
});

describe('the API_DOCS setting', () => {
  it('is on or off, on when unset, and refuses anything else at start', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).API_DOCS).toBe('on');
    expect(loadConfig({ NODE_ENV: 'test', API_DOCS: 'off' }).API_DOCS).toBe('off');
    expect(() => loadConfig({ NODE_ENV: 'test', API_DOCS: 'no' })).toThrow(ConfigError);
  });
});
