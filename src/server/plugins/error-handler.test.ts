import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { createTestDatabase, type TestDatabase, testEngines } from '../test/engines.ts';
import { registerErrorHandler } from './error-handler.ts';

/**
 * A row written under a parent that no longer exists is what a request sees when another one deleted the
 * parent meanwhile: not found, never a 500. A real foreign-key violation of each engine.
 */
describe.each(testEngines)('error handler on %s', (engine) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase(engine);
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/orphan', async () => {
      const at = new Date().toISOString();
      await db.db
        .insertInto('sections')
        .values({
          id: randomUUID(),
          notebook_id: randomUUID(),
          user_id: randomUUID(),
          title: 'Orphan',
          position: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return { saved: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('answers a foreign-key violation as 404 not_found, with no SQL in the body', async () => {
    const res = await app.inject({ method: 'POST', url: '/orphan' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: messages.api.notFound } });
  });
});
