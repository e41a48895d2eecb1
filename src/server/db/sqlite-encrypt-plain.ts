import { closeSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3-multiple-ciphers';
import {
  applySqliteKey,
  assertSqliteKey,
  openSqliteFile,
  readableWithKey,
  type SqliteKey,
  SqliteKeyRefused,
  sqliteFileKind,
  wrongKeyMessage,
} from './sqlite-cipher.ts';

export interface EncryptedConversion {
  tables: number;
  rows: number;
  ms: number;
}

/** Test seam: runs after the encrypted copy is verified, before it replaces the plain file. */
export interface ConversionFaults {
  beforeRename?(): void;
}

/**
 * Makes the file at `path` one that `key` opens, before the app's connection does: a new (missing or
 * empty) file is left for the keyed connection to create; an encrypted one must open with the key, or
 * this throws SqliteKeyRefused and nothing is touched (fail closed: the key may be the wrong one, and
 * re-encrypting would lose the data for good); a plain one (written before encryption at rest) is
 * converted once (convertPlain). Answers the conversion's figures, or null when there was none.
 */
export function prepareEncryptedFile(
  path: string,
  key: SqliteKey,
  faults: ConversionFaults = {},
): EncryptedConversion | null {
  // A conversion that crashed left its temporary copy; the plain file beside it is intact.
  removeTemporary(path);
  const kind = sqliteFileKind(path);
  if (kind === 'empty') return null;
  if (kind === 'plain') return convertPlain(path, key, faults);
  const connection = openSqliteFile(path, key, { fileMustExist: true });
  try {
    if (!readableWithKey(connection)) throw new SqliteKeyRefused(wrongKeyMessage(path));
  } finally {
    connection.close();
  }
  return null;
}

const temporaryOf = (path: string) => `${path}.encrypting`;

function removeTemporary(path: string): void {
  const temporary = temporaryOf(path);
  for (const file of [temporary, `${temporary}-journal`, `${temporary}-wal`, `${temporary}-shm`]) {
    rmSync(file, { force: true });
  }
}

/**
 * Plain → encrypted without a moment where the database is unusable: the plain file stays where it is,
 * untouched, while a copy is made (`VACUUM INTO`, which includes what is still in the write-ahead log),
 * encrypted in place (`PRAGMA rekey`), checked (integrity_check, and every table's row count against
 * the plain file's) and synced; only then does a rename put it in the plain file's place. A crash at any
 * point before the rename leaves the plain database as it was (the next start converts again); after
 * it, the encrypted one. The plain file's connection holds SQLite's exclusive lock throughout, so no
 * other process writes between the counts and the copy.
 */
function convertPlain(path: string, key: SqliteKey, faults: ConversionFaults): EncryptedConversion {
  const started = performance.now();
  const temporary = temporaryOf(path);
  try {
    const counts = copyPlain(path, temporary);
    encryptCopy(temporary, key);
    verifyCopy(temporary, key, counts);
    fsyncFile(temporary);
    faults.beforeRename?.();
    // The plain file's log was folded in and removed when its last connection closed; a stale one
    // beside the encrypted file would be read as its log.
    rmSync(`${path}-wal`, { force: true });
    rmSync(`${path}-shm`, { force: true });
    renameSync(temporary, path);
    fsyncFile(dirname(path));
    const rows = [...counts.values()].reduce((sum, count) => sum + count, 0);
    return { tables: counts.size, rows, ms: Math.round(performance.now() - started) };
  } catch (error) {
    removeTemporary(path);
    throw error;
  }
}

/** Copies the plain database to `temporary` (still plain) and answers its row counts. */
function copyPlain(path: string, temporary: string): Map<string, number> {
  const plain = new SQLite(path, { fileMustExist: true, timeout: 5000 });
  try {
    plain.pragma('locking_mode = EXCLUSIVE');
    plain.exec('begin exclusive; commit');
    const counts = rowCounts(plain);
    // Private from the start, like the database itself (VACUUM INTO keeps the mode of a file it is given).
    closeSync(openSync(temporary, 'wx', 0o600));
    plain.prepare('VACUUM INTO ?').run(temporary);
    return counts;
  } finally {
    plain.close();
  }
}

function encryptCopy(temporary: string, key: SqliteKey): void {
  const copy = new SQLite(temporary, { fileMustExist: true });
  try {
    // Rekeying needs a rollback journal: SQLite3 Multiple Ciphers cannot rekey a database in WAL mode.
    copy.pragma('journal_mode = DELETE');
    assertSqliteKey(key);
    copy.pragma("cipher = 'sqlcipher'");
    copy.pragma(`rekey = "x'${key}'"`);
  } finally {
    copy.close();
  }
}

function verifyCopy(temporary: string, key: SqliteKey, expected: Map<string, number>): void {
  if (sqliteFileKind(temporary) !== 'other') throw new Error('the encrypted copy is still plain');
  const copy = new SQLite(temporary, { fileMustExist: true });
  try {
    applySqliteKey(copy, key);
    const problems = (copy.pragma('integrity_check') as Array<{ integrity_check: string }>)
      .map((row) => row.integrity_check)
      .filter((line) => line !== 'ok');
    if (problems.length > 0) {
      throw new Error(`the encrypted copy failed its integrity check: ${problems.slice(0, 3).join('; ')}`);
    }
    const actual = rowCounts(copy);
    for (const [table, count] of expected) {
      if (actual.get(table) !== count) {
        throw new Error(`the encrypted copy has ${actual.get(table)} rows in ${table}, not ${count}`);
      }
    }
  } finally {
    copy.close();
  }
}

/** Every table's row count (FTS tables included: their shadow tables are tables too). */
function rowCounts(connection: SQLite.Database): Map<string, number> {
  const tables = connection
    .prepare("select name from sqlite_master where type = 'table' and sql not like 'create virtual%'")
    .pluck()
    .all() as string[];
  const counts = new Map<string, number>();
  for (const table of tables) {
    const quoted = `"${table.replaceAll('"', '""')}"`;
    counts.set(table, connection.prepare(`select count(*) from ${quoted}`).pluck().get() as number);
  }
  return counts;
}

function fsyncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
