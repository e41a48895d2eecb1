// Runs in a worker thread (sqlite-backup.ts): copies the database with `VACUUM INTO` on a connection of
// its own, then checks the copy. VACUUM INTO reads one snapshot in one read transaction, so the copy is
// consistent while the server keeps writing (WAL lets the writer go on) and, unlike the backup API from
// a second connection, it never restarts when pages change. Off the main thread, the server's event loop
// is not held for the copy (hundreds of milliseconds for a database of 100 MB).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @type {{ source: string; target: string }} */
const { source, target } = workerData;

const started = performance.now();
const db = new Database(source, { fileMustExist: true, timeout: 5000 });
try {
  db.prepare('VACUUM INTO ?').run(target);
} finally {
  db.close();
}

const copy = new Database(target, { fileMustExist: true });
try {
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
