import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';

/** What a request whose database connection died answers, whatever the engine behind it. */
describe('error handler: a database that cannot be reached', () => {
  const app = Fastify({ logger: false });
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  beforeAll(async () => {
    registerErrorHandler(app);
    app.get('/terminated', async () => {
      throw withCode('terminating connection due to administrator command', '57P01');
    });
    app.get('/refused', async () => {
      throw withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    });
    app.get('/cut', async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    app.get('/bug', async () => {
      throw withCode('duplicate key value violates unique constraint', '23505');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['/terminated', '/refused', '/cut'])('%s answers 503 unavailable with Retry-After', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      error: { code: 'unavailable', message: 'An unexpected error occurred. Please try again.' },
    });
  });

  it('any other database error stays a 500 with nothing of the SQL in it', async () => {
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal_error');
    expect(res.body).not.toContain('duplicate key');
  });
});
