import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3-multiple-ciphers';
import { openSqliteFile, readableWithKey, type SqliteKey, sqliteFileKind } from '../sqlite-cipher.ts';
import { prepareEncryptedFile } from '../sqlite-encrypt-plain.ts';
import { fsyncPath } from './sqlite-backup.ts';

/** A refusal the restore command prints as it is (the file is bad, or the server is running). */
export class RestoreRefused extends Error {}

export interface RestoreResult {
  /** Where the replaced database now is (null when there was none). */
  previous: string | null;
}

/**
 * Replaces the SQLite database at `sqlitePath` with the backup `from`. Refuses while any process has the
 * database open (the server, `npm run backup`), and refuses a file that is not a sound Jotlist database
 * or that the key cannot open. A plain backup (from before encryption at rest) is encrypted with the key
 * on its way in. The replaced database is kept beside it as `<name>.<time>.before-restore`.
 */
export async function restoreSqliteDatabase(options: {
  sqlitePath: string;
  /** The key the server opens the database with (sqlite-cipher.ts); null: a plain file. */
  sqliteKey: SqliteKey | null;
  from: string;
  now?: () => Date;
}): Promise<RestoreResult> {
  const { sqlitePath, sqliteKey, from } = options;
  if (!existsSync(from)) throw new RestoreRefused(`There is no file ${from}.`);
  if (databaseInUse(sqlitePath, sqliteKey)) throw serverRunning(sqlitePath);

  // The copy is checked, not the original: what gets installed is exactly what passed the check.
  const incoming = `${sqlitePath}.restoring`;
  await mkdir(dirname(sqlitePath), { recursive: true });
  await rm(incoming, { force: true });
  await copyFile(from, incoming);
  try {
    if (sqliteKey !== null && sqliteFileKind(incoming) === 'plain') {
      checkBackupFile(incoming, null, from);
      prepareEncryptedFile(incoming, sqliteKey);
    }
    checkBackupFile(incoming, sqliteKey, from);
    await fsyncPath(incoming);
  } catch (error) {
    await rm(incoming, { force: true });
    throw error;
  }

  let previous: string | null = null;
  if (existsSync(sqlitePath)) {
    const current = lockExclusively(sqlitePath, sqliteKey);
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
export function databaseInUse(sqlitePath: string, sqliteKey: SqliteKey | null): boolean {
  if (!existsSync(sqlitePath)) return false;
  const connection = lockExclusively(sqlitePath, sqliteKey);
  connection?.close();
  return connection === null;
}

function lockExclusively(sqlitePath: string, sqliteKey: SqliteKey | null): SQLite.Database | null {
  // A database still plain (the server has not started since the upgrade that encrypts it) opens plain.
  const key = sqliteFileKind(sqlitePath) === 'plain' ? null : sqliteKey;
  const connection = openSqliteFile(sqlitePath, key, { fileMustExist: true, timeout: 0 });
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

function checkBackupFile(path: string, key: SqliteKey | null, shownAs: string): void {
  let connection: SQLite.Database | null = null;
  try {
    connection = openSqliteFile(path, key, { fileMustExist: true });
    if (key !== null && !readableWithKey(connection)) {
      throw new RestoreRefused(
        `${shownAs} is encrypted with another key than this server's SECRET_KEY (or is not a SQLite database); nothing was changed.`,
      );
    }
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
