import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp, createAppContext } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createTestDatabase, testEngines } from '../../test/engines.ts';

describe.each(testEngines)('health check on %s when the database is gone', (engine) => {
  it('answers 503 and logs why, with the request id', async () => {
    let logged = '';
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          logged += chunk.toString();
          done();
        },
      }),
    );
    const outboxDir = mkdtempSync(join(tmpdir(), 'jotlist-health-'));
    const database = await createTestDatabase(engine);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: outboxDir });
    const now = () => new Date();
    const app = await buildApp({
      config,
      logger,
      database,
      mailer: createMailer({ outboxDir, from: config.MAIL_FROM, logger, terminal: () => {} }),
      context: createAppContext({ database, logger, now }),
      secretKey: Buffer.alloc(32, 7),
      clientDir: null,
      now,
    });
    try {
      await app.ready();
      // The database goes away under a running server (here: its connections are closed).
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: engine });

      const entries = logged
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const reason = entries.find((entry) => entry.event === 'health.unavailable');
      expect(reason).toMatchObject({
        level: 50,
        msg: 'health check answered 503: the database did not answer',
        reqId: res.headers['x-request-id'],
        database: engine,
      });
      expect(reason?.err).toMatchObject({ message: expect.stringMatching(/\S/) });
    } finally {
      await app.close();
      await database.dispose();
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
