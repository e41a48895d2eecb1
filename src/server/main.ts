import { join, resolve } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startServerBackups } from './db/backups/backup-schedule.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { databaseOptionsFromConfig } from './db/database-options.ts';
import { createLogger } from './logger.ts';
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
const logger = createLogger(config.LOG_LEVEL, {
  pretty: config.LOG_FORMAT === 'auto' ? undefined : config.LOG_FORMAT === 'pretty',
});
const database = openDatabase(databaseOptionsFromConfig(config));
await migrateToLatest(database.db);

const app = await buildApp({
  config,
  logger,
  database,
  secretKey: loadSecretKey(config.SECRET_KEY, config.DATA_DIR),
  mailer: createMailer(
    config.SMTP_URL
      ? { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }
      : { outboxDir: join(config.DATA_DIR, 'outbox'), from: config.MAIL_FROM, logger },
  ),
  clientDir: resolve(config.CLIENT_DIR ?? join(import.meta.dirname, '../../dist/client')),
  now: () => new Date(),
});

const backups = startServerBackups(config, database.engine, app.log);
app.addHook('onClose', async () => {
  await backups.stop();
});

// Graceful shutdown: stop accepting, let in-flight requests finish, then close the database (onClose).
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
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
