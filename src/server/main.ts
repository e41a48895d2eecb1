import { Server } from 'node:net';
import { join, resolve } from 'node:path';
import { buildApp, createAppContext } from './app.ts';
import { drainOf } from './cluster/drain.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startServerBackups } from './db/backups/backup-schedule.ts';
import { describeDatabaseError } from './db/connection-errors.ts';
import { openDatabase } from './db/database.ts';
import { databaseOptionsFromConfig } from './db/database-options.ts';
import { migrateWhenReachable } from './db/migrate-when-reachable.ts';
import { SqliteKeyRefused } from './db/sqlite-cipher.ts';
import { createLogger, isPrettyLog } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { loadSecretKey } from './security/secret-key.ts';

function readConfig() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(problem);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const logger = createLogger(config.LOG_LEVEL, { pretty: isPrettyLog(config.LOG_FORMAT) });
function openConfiguredDatabase() {
  try {
    return openDatabase(databaseOptionsFromConfig(config), {
      onConnectionLost: (error) =>
        logger.warn(
          { event: 'db.connection_lost', reason: describeDatabaseError(error) },
          'PostgreSQL connection lost; the pool opens another for the next query',
        ),
      onSqliteEncrypted: (conversion) =>
        logger.info(
          { event: 'db.encrypted', ...conversion },
          'the plain SQLite database was encrypted (AES-256, SQLCipher format); the plain file is gone',
        ),
    });
  } catch (error) {
    // Fail closed, in one line: a database this key cannot open is never overwritten.
    if (error instanceof SqliteKeyRefused) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const database = openConfiguredDatabase();
// PostgreSQL down at start-up: wait for it (one line per attempt) rather than exit into a restart loop.
await migrateWhenReachable(database.db, logger);

const now = () => new Date();
const app = await buildApp({
  config,
  logger,
  database,
  context: createAppContext({ database, logger, now }),
  secretKey: loadSecretKey(config.SECRET_KEY, config.DATA_DIR),
  mailer: createMailer(
    config.SMTP_URL
      ? { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }
      : { outboxDir: join(config.DATA_DIR, 'outbox'), from: config.MAIL_FROM, logger },
  ),
  clientDir: resolve(config.CLIENT_DIR ?? join(import.meta.dirname, '../../dist/client')),
  now,
});

const backups = startServerBackups(config, database.engine, app.log);
app.addHook('onClose', async () => {
  await backups.stop();
});

/**
 * Graceful shutdown (SIGTERM from systemd, SIGINT from a terminal): no request in flight fails, even
 * behind a load balancer that keeps sending until it sees a failure.
 *  1. Drain (cluster/drain.ts): replayable requests answer 503, which nginx replays elsewhere and which
 *     takes this instance out of its rotation; wait until no new connection has come for a moment.
 *  2. Stop accepting. Only the listening socket is closed (net's close): Node's http close would also drop
 *     every connection that has not sent a complete request yet, including one nginx just opened and
 *     wrote a request into; that request would fail after being sent, and nginx never replays a POST.
 *  3. Every accepted connection gets its answer. One still idle after a moment is a keep-alive connection
 *     (a browser talking to the app directly) and is closed.
 *  4. app.close(): the job worker finishes the jobs in hand, the listener and the database close.
 * A shutdown that takes more than 10 s exits 1.
 */
async function drainAndStopAccepting(): Promise<void> {
  const drain = drainOf(app);
  if (drain) {
    drain.start();
    await drain.quiet({ quietMs: 300, maxMs: 3_000 });
  }
  await new Promise<void>((resolve) => {
    const idle = setInterval(() => app.server.closeIdleConnections(), 1_000);
    idle.unref();
    // Resolves once the last connection has ended.
    Server.prototype.close.call(app.server, () => {
      clearInterval(idle);
      resolve();
    });
  });
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    drainAndStopAccepting()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`Jotlist is running at ${config.APP_URL} (${database.engine})`);
