import { pino } from 'pino';
import { type App, buildApp, createAppContext } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { DbEngine } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { drainJobs } from '../jobs/worker.ts';
import { createMailer } from '../mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from './engines.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

export interface TestContext {
  app: App;
  /** What the app was built from (register test jobs on it, drain its work). */
  deps: AppDeps;
  db: TestDatabase;
  smtp: SmtpSink;
  config: Config;
  /**
   * Resolves once every due job (jobs/worker.ts), including jobs those jobs enqueue, has finished: the
   * positive signal before asserting that something did NOT happen.
   */
  settle(): Promise<void>;
  /** Moves the app's clock; starts at the real time. */
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

/** The real app on a fresh database of the given engine, mailing a real SMTP sink. */
export async function buildTestApp(
  engine: DbEngine,
  env: Record<string, string> = {},
  /** A logger of the test's own (e.g. one that keeps the lines, to check what is never logged). */
  options: {
    logger?: AppDeps['logger'];
    walFsync?: AppDeps['walFsync'];
    requestTimeoutMs?: AppDeps['requestTimeoutMs'];
    /** SQLite only: a plain file, as releases before encryption at rest wrote it. */
    plainSqlite?: boolean;
    /** A built client to serve (its index.html and assets), as `npm start` serves dist/client. */
    clientDir?: string;
  } = {},
): Promise<TestContext> {
  const db = await createTestDatabase(engine, { plainSqlite: options.plainSqlite ?? false });
  const smtp = await startSmtpSink();
  // An https APP_URL needs SMTP and an explicit BILLING (config.ts); tests about something else get both.
  const billing = env.APP_URL?.startsWith('https://') && !env.STRIPE_SECRET_KEY ? { BILLING: 'test' } : {};
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    ...billing,
    ...env,
  });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const logger = options.logger ?? pino({ level: 'silent' });
  const now = () => clock.now;
  const deps: AppDeps = {
    config,
    logger,
    database: db,
    mailer: createMailer({ smtpUrl: smtp.url, from: config.MAIL_FROM, logger: pino({ level: 'silent' }) }),
    context: createAppContext({ database: db, logger, now }),
    secretKey: Buffer.alloc(32, 7),
    clientDir: options.clientDir ?? null,
    now,
    ...(options.walFsync ? { walFsync: options.walFsync } : {}),
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    db,
    smtp,
    config,
    clock,
    async settle() {
      await drainJobs(deps);
    },
    async close() {
      await app.close();
      await db.dispose();
      await smtp.close();
    },
  };
}
