import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createAppContext } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createMailer } from '../mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from '../test/engines.ts';

/** An app whose log entries land in `lines`, with the given LOG_* settings. */
function loggedApp(env: Record<string, string>) {
  const lines: Array<Record<string, unknown>> = [];
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = pino({ level: 'info' }, sink);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SMTP_URL: 'smtp://127.0.0.1:1',
      ...env,
    });
    const now = () => new Date();
    app = await buildApp({
      config,
      logger,
      database: db,
      mailer: createMailer({ smtpUrl: config.SMTP_URL as string, from: config.MAIL_FROM, logger }),
      context: createAppContext({ database: db, logger, now }),
      secretKey: Buffer.alloc(32, 7),
      clientDir: null,
      now,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });
  return { lines, inject: (url: string) => app.inject({ method: 'GET', url }) };
}

/** One log line per request, carrying what the two default lines carried. */
describe('request logging', () => {
  const { lines, inject } = loggedApp({ LOG_FORMAT: 'json' });

  it('writes exactly one line per request, with method, url, status and time', async () => {
    const res = await inject('/api/health');
    const reqId = res.headers['x-request-id'];
    const mine = lines.filter((line) => line.reqId === reqId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request', method: 'GET', url: '/api/health', statusCode: 200 });
    expect(typeof mine[0]?.ms).toBe('number');
  });
});

describe('request lines in a terminal (pretty logs)', () => {
  const hidden = loggedApp({ LOG_FORMAT: 'pretty' });
  const shown = loggedApp({ LOG_FORMAT: 'pretty', LOG_REQUESTS: 'on' });

  it('are left out, so start-up, warnings, errors and mailed links stay in view', async () => {
    const res = await hidden.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(hidden.lines.filter((line) => line.reqId === res.headers['x-request-id'])).toEqual([]);
  });

  it('are written with LOG_REQUESTS=on', async () => {
    const res = await shown.inject('/api/health');
    const mine = shown.lines.filter((line) => line.reqId === res.headers['x-request-id']);
    expect(mine).toMatchObject([{ msg: 'request', url: '/api/health', statusCode: 200 }]);
  });
});
