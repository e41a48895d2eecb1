// Runs in a worker thread (sqlite-backup.ts): copies the database with `VACUUM INTO` on a connection of
// its own, then checks the copy. VACUUM INTO reads one snapshot in one read transaction, so the copy is
// consistent while the server keeps writing (WAL lets the writer go on) and, unlike the backup API from
// a second connection, it never restarts when pages change. Off the main thread, the server's event loop
// is not held for the copy (hundreds of milliseconds for a database of 100 MB).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3-multiple-ciphers';

/** @type {{ source: string; target: string; key: string | null }} */
const { source, target, key } = workerData;

/**
 * Plain JavaScript, so sqlite-cipher.ts's applySqliteKey cannot be imported: the same two pragmas. The
 * key was checked there (64 hexadecimal characters) before it came here.
 * @param {import('better-sqlite3-multiple-ciphers').Database} connection
 */
function applyKey(connection) {
  if (key === null) return;
  connection.pragma("cipher = 'sqlcipher'");
  connection.pragma(`key = "x'${key}'"`);
}

const started = performance.now();
const db = new Database(source, { fileMustExist: true, timeout: 5000 });
try {
  applyKey(db);
  // The copy is encrypted with the source's cipher and key (SQLite3 Multiple Ciphers' VACUUM INTO):
  // a backup is as unreadable without the key as the database.

  db.prepare('VACUUM INTO ?').run(target);
} finally {
  db.close();
}

const copy = new Database(target, { fileMustExist: true });
try {
  applyKey(copy);
  // A backup is one self-contained file: no -wal beside it when it is copied elsewhere.
  copy.pragma('journal_mode = DELETE');
  const problems = copy
    .pragma('integrity_check')
    .map((row) => row.integrity_check)
    .filter((line) => line !== 'ok');
  const tables = copy.prepare("select count(*) as n from sqlite_master where type = 'table'").get().n;
  parentPort?.postMessage({ problems, tables, ms: performance.now() - started });
} finally {
  copy.close();
}
