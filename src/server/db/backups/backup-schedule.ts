import { stat } from 'node:fs/promises';
import type { Config } from '../../config.ts';
import type { DbEngine } from '../database.ts';
import { databaseOptionsFromConfig } from '../database-options.ts';
import type { SqliteKey } from '../sqlite-cipher.ts';
import { backupSqliteDatabase, backupsDirOf, listBackups } from './sqlite-backup.ts';

interface BackupLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface BackupSchedule {
  /** Stops the timer and waits for a backup under way (so shutdown never leaves one half done). */
  stop(): Promise<void>;
}

const hourMs = 60 * 60 * 1000;
/** A fresh start waits at least this long (or one interval, if shorter) before its first backup. */
const firstBackupDelayMs = 60 * 1000;

/**
 * The server's scheduled backups (docs/backup.md): on SQLite, every BACKUP_INTERVAL_HOURS into
 * `$DATA_DIR/backups/`, keeping the last BACKUP_KEEP; either set to 0 turns them off. On PostgreSQL the
 * database server owns backups (pg_dump, point-in-time recovery: see the README), so this does nothing.
 */
export function startServerBackups(
  config: Pick<Config, 'BACKUP_INTERVAL_HOURS' | 'BACKUP_KEEP' | 'DATA_DIR' | 'DATABASE_URL' | 'SECRET_KEY'>,
  engine: DbEngine,
  log: BackupLog,
): BackupSchedule {
  if (engine !== 'sqlite' || config.DATABASE_URL) {
    log.info({}, 'scheduled backups are off on PostgreSQL: use pg_dump or point-in-time recovery');
    return { stop: async () => {} };
  }
  if (config.BACKUP_INTERVAL_HOURS === 0 || config.BACKUP_KEEP === 0) {
    log.info({}, 'scheduled backups are off (BACKUP_INTERVAL_HOURS or BACKUP_KEEP is 0)');
    return { stop: async () => {} };
  }
  // Only now: on SQLite the options hold the key, loaded (or generated) from the configuration.
  const options = databaseOptionsFromConfig(config);
  if (!('sqlitePath' in options)) throw new Error('SQLite without a SQLite file');
  const backupsDir = backupsDirOf(config.DATA_DIR);
  log.info(
    { backupsDir, everyHours: config.BACKUP_INTERVAL_HOURS, keep: config.BACKUP_KEEP },
    'scheduled backups are on',
  );
  return scheduleBackups({
    sqlitePath: options.sqlitePath,
    sqliteKey: options.sqliteKey,
    backupsDir,
    intervalMs: config.BACKUP_INTERVAL_HOURS * hourMs,
    keep: config.BACKUP_KEEP,
    log,
  });
}

export function scheduleBackups(options: {
  sqlitePath: string;
  sqliteKey: SqliteKey | null;
  backupsDir: string;
  intervalMs: number;
  keep: number;
  log: BackupLog;
}): BackupSchedule {
  const { log, intervalMs } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const plan = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(run, delayMs);
    // A pending backup never keeps the process alive.
    timer.unref();
  };

  const run = () => {
    timer = null;
    running = backupSqliteDatabase(options).then(
      (result) => {
        log.info(
          {
            event: 'backup.written',
            path: result.path,
            bytes: result.bytes,
            ms: result.ms,
            removed: result.removed,
          },
          'server backup written',
        );
      },
      (error: unknown) => {
        log.error({ event: 'backup.failed', err: error, dir: options.backupsDir }, 'server backup failed');
      },
    );
    void running.finally(() => {
      running = null;
      plan(intervalMs);
    });
  };

  // The interval runs from the newest backup, so restarts (deploys, `npm run dev`) neither skip nor
  // repeat backups.
  void firstDelay(options.backupsDir, intervalMs).then(plan, () =>
    plan(Math.min(intervalMs, firstBackupDelayMs)),
  );

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
  };
}

async function firstDelay(backupsDir: string, intervalMs: number): Promise<number> {
  const floor = Math.min(intervalMs, firstBackupDelayMs);
  const newest = (await listBackups(backupsDir)).at(-1);
  if (!newest) return floor;
  const dueAt = (await stat(newest)).mtimeMs + intervalMs;
  return Math.min(intervalMs, Math.max(floor, dueAt - Date.now()));
}
