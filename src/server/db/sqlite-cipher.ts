import { hkdfSync } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import SQLite from 'better-sqlite3-multiple-ciphers';

/**
 * Encryption at rest for the SQLite file (docs/operations.md, "Encryption at rest"): SQLCipher 4's
 * format (AES-256-CBC per page, HMAC-SHA512 per page) through SQLite3 Multiple Ciphers. The driver's
 * own default cipher is ChaCha20-Poly1305; `cipher = 'sqlcipher'` chooses AES-256 on every connection.
 *
 * The key is 64 hexadecimal characters (32 bytes) derived from SECRET_KEY with HKDF and given raw
 * (`x'…'`), so no password KDF runs when a connection opens (SQLCipher's PBKDF2 with 256,000 rounds
 * would add ~170 ms to every open, worker threads and CLIs included).
 */
export type SqliteKey = string;

const keyPattern = /^[0-9a-f]{64}$/;

export function deriveSqliteKey(secretKey: Buffer): SqliteKey {
  // A key of its own for the database: the same secret also seals values inside it (sealed-box.ts).
  const key = hkdfSync('sha256', secretKey, Buffer.alloc(0), 'jotlist sqlite database v1', 32);
  return Buffer.from(key).toString('hex');
}

/** The key is spliced into a pragma's text, so only the exact form derived above is accepted. */
export function assertSqliteKey(key: SqliteKey): void {
  if (!keyPattern.test(key)) throw new Error('a SQLite key must be 64 lowercase hexadecimal characters');
}

/** Keys a connection just opened, before anything reads the file. */
export function applySqliteKey(connection: SQLite.Database, key: SqliteKey): void {
  assertSqliteKey(key);
  connection.pragma("cipher = 'sqlcipher'");
  connection.pragma(`key = "x'${key}'"`);
}

/** Opens a SQLite file with the key (null: a plain file, e.g. the benchmark's plain pass). */
export function openSqliteFile(
  path: string,
  key: SqliteKey | null,
  options: SQLite.Options = {},
): SQLite.Database {
  const connection = new SQLite(path, options);
  try {
    if (key !== null) applySqliteKey(connection, key);
    return connection;
  } catch (error) {
    connection.close();
    throw error;
  }
}

const plainHeader = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * What a SQLite file holds, from its first bytes: nothing yet (missing or empty), a plain database
 * ("SQLite format 3" in clear), or something else: an encrypted database (SQLCipher starts with its
 * random salt) or not a database at all, which only a key can tell apart.
 */
export function sqliteFileKind(path: string): 'empty' | 'plain' | 'other' {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'empty';
    throw error;
  }
  try {
    const head = Buffer.alloc(plainHeader.length);
    const read = readSync(fd, head, 0, head.length, 0);
    if (read === 0) return 'empty';
    return read === head.length && head.equals(plainHeader) ? 'plain' : 'other';
  } finally {
    closeSync(fd);
  }
}

/** A database this key cannot open: the server refuses to start rather than touch it. */
export class SqliteKeyRefused extends Error {}

/** Whether `connection` (keyed) can read its file; a wrong key reads as "not a database". */
export function readableWithKey(connection: SQLite.Database): boolean {
  try {
    connection.prepare('select count(*) from sqlite_master').pluck().get();
    return true;
  } catch (error) {
    if (error instanceof SQLite.SqliteError && error.code === 'SQLITE_NOTADB') return false;
    throw error;
  }
}

export const wrongKeyMessage = (path: string) =>
  `${path} is encrypted with another key (or is not a SQLite database): SECRET_KEY, or $DATA_DIR/secret.key when it is unset, must be the key the database was written with. Nothing was changed.`;
