import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { fsyncPath } from './sqlite-backup.ts';

/** A refusal the restore command prints as it is (the file is bad, or the server is running). */
export class RestoreRefused extends Error {}

export interface RestoreResult {
  /** Where the replaced database now is (null when there was none). */
  previous: string | null;
}

/**
 * Replaces the SQLite database at `sqlitePath` with the backup `from`. Refuses while any process has the
 * database open (the server, `npm run backup`), and refuses a file that is not a sound Jotlist database.
 * The replaced database is kept beside it as `<name>.<time>.before-restore`.
 */
export async function restoreSqliteDatabase(options: {
  sqlitePath: string;
  from: string;
  now?: () => Date;
}): Promise<RestoreResult> {
  const { sqlitePath, from } = options;
  if (!existsSync(from)) throw new RestoreRefused(`There is no file ${from}.`);
  if (databaseInUse(sqlitePath)) throw serverRunning(sqlitePath);

  // The copy is checked, not the original: what gets installed is exactly what passed the check.
  const incoming = `${sqlitePath}.restoring`;
  await mkdir(dirname(sqlitePath), { recursive: true });
  await rm(incoming, { force: true });
  await copyFile(from, incoming);
  try {
    checkBackupFile(incoming, from);
    await fsyncPath(incoming);
  } catch (error) {
    await rm(incoming, { force: true });
    throw error;
  }

  let previous: string | null = null;
  if (existsSync(sqlitePath)) {
    const current = lockExclusively(sqlitePath);
    if (!current) {
      await rm(incoming, { force: true });
      throw serverRunning(sqlitePath);
    }
    try {
      // Fold the write-ahead log into the file, so the kept copy is complete on its own.
      current.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      current.close();
    }
    const stamp = (options.now ?? (() => new Date()))().toISOString().replace(/[:.]/g, '-');
    previous = `${sqlitePath}.${stamp}.before-restore`;
    await rename(sqlitePath, previous);
  }
  // A stale log beside the new file would be replayed into it.
  await rm(`${sqlitePath}-wal`, { force: true });
  await rm(`${sqlitePath}-shm`, { force: true });
  await rename(incoming, sqlitePath);
  await fsyncPath(dirname(sqlitePath));
  return { previous };
}

/**
 * Whether some process has the database open. Every connection to a WAL database holds a shared lock on
 * the file for as long as it is open, so an exclusive lock is granted only when nobody else has it; the
 * operating system drops a crashed server's locks, so a kill -9 never leaves the database "in use".
 */
export function databaseInUse(sqlitePath: string): boolean {
  if (!existsSync(sqlitePath)) return false;
  const connection = lockExclusively(sqlitePath);
  connection?.close();
  return connection === null;
}

function lockExclusively(sqlitePath: string): SQLite.Database | null {
  const connection = new SQLite(sqlitePath, { fileMustExist: true, timeout: 0 });
  try {
    connection.pragma('locking_mode = EXCLUSIVE');
    connection.exec('begin exclusive');
    connection.exec('commit');
    return connection;
  } catch (error) {
    connection.close();
    if (error instanceof SQLite.SqliteError && error.code.startsWith('SQLITE_BUSY')) return null;
    throw error;
  }
}

function checkBackupFile(path: string, shownAs: string): void {
  let connection: SQLite.Database | null = null;
  try {
    connection = new SQLite(path, { fileMustExist: true });
    connection.pragma('journal_mode = DELETE');
    const problems = (connection.pragma('integrity_check') as Array<{ integrity_check: string }>)
      .map((row) => row.integrity_check)
      .filter((line) => line !== 'ok');
    if (problems.length > 0) {
      throw new RestoreRefused(
        `${shownAs} failed its integrity check (${problems.slice(0, 3).join('; ')}); nothing was changed.`,
      );
    }
    const migrations = connection
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .pluck()
      .get();
    if (migrations !== 1)
      throw new RestoreRefused(`${shownAs} is not a Jotlist database; nothing was changed.`);
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RestoreRefused(
      `${shownAs} cannot be read as a SQLite database (${reason}); nothing was changed.`,
    );
  } finally {
    connection?.close();
  }
}

const serverRunning = (sqlitePath: string) =>
  new RestoreRefused(
    `${sqlitePath} is in use: the server (or a backup) is running. Stop it first, then restore; nothing was changed.`,
  );
