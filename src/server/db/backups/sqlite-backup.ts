import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { assertSqliteKey, type SqliteKey } from '../sqlite-cipher.ts';

/** Where server backups live: `$DATA_DIR/backups/`. */
export const backupsDirOf = (dataDir: string) => join(dataDir, 'backups');

// Names sort in time order, so rotation and "newest" need no file dates.
const backupNamePattern = /^jotlist-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/;
const backupName = (at: Date) => `jotlist-${at.toISOString().replace(/[:.]/g, '-')}.db`;
const partialSuffix = '.partial';
/** A partial copy older than this was left by a crash; a running backup is far younger. */
const stalePartialMs = 60 * 60 * 1000;

export interface BackupResult {
  path: string;
  bytes: number;
  ms: number;
  /** Older backups deleted to keep `keep`. */
  removed: string[];
}

export interface BackupOptions {
  sqlitePath: string;
  /** The database's key (sqlite-cipher.ts): the copy is encrypted with it too. Null: a plain file. */
  sqliteKey: SqliteKey | null;
  backupsDir: string;
  /** How many backups to keep; 0 or less keeps them all. */
  keep: number;
  now?: () => Date;
}

/**
 * Takes an online backup of a SQLite database: `VACUUM INTO` a temporary name on a worker thread (see
 * vacuum-worker.mjs), an integrity check of the copy, fsync, an atomic rename to its final name, then
 * rotation. Callers see either a complete, checked backup or an error; never a half-written file under
 * a backup's name.
 */
export async function backupSqliteDatabase(options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const dir = options.backupsDir;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await removeStalePartials(dir);
  const name = backupName((options.now ?? (() => new Date()))());
  const finalPath = join(dir, name);
  const partialPath = join(dir, `.${name}${partialSuffix}`);
  try {
    // A copy of every account, so readable by this user only: VACUUM INTO fills an empty file it is
    // given and keeps its mode (a file of its own would be 0644).
    await (await open(partialPath, 'wx', 0o600)).close();
    const checked = await copyInWorker(options.sqlitePath, options.sqliteKey, partialPath);
    if (checked.problems.length > 0) {
      throw new Error(`the copy failed its integrity check: ${checked.problems.slice(0, 3).join('; ')}`);
    }
    if (checked.tables === 0) throw new Error('the copy holds no tables');
    await fsyncPath(partialPath);
    await rename(partialPath, finalPath);
    await fsyncPath(dir);
  } catch (error) {
    await rm(partialPath, { force: true });
    throw error;
  }
  const { size } = await stat(finalPath);
  const removed = await rotateBackups(dir, options.keep);
  return { path: finalPath, bytes: size, ms: Math.round(performance.now() - started), removed };
}

/** The backups in a folder, oldest first (full paths). */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names
    .filter((name) => backupNamePattern.test(name))
    .sort()
    .map((name) => join(dir, name));
}

/** Deletes all but the newest `keep` backups; returns what it deleted. */
export async function rotateBackups(dir: string, keep: number): Promise<string[]> {
  if (keep <= 0) return [];
  const backups = await listBackups(dir);
  const doomed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const path of doomed) await rm(path, { force: true });
  return doomed;
}

async function removeStalePartials(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!name.endsWith(partialSuffix)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > stalePartialMs) await rm(path, { force: true });
  }
}

/** Flushes a file (or a folder's entries, after a rename) to disk. */
export async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const workerAnswer = z.object({ problems: z.array(z.string()), tables: z.number(), ms: z.number() });

function copyInWorker(
  source: string,
  key: SqliteKey | null,
  target: string,
): Promise<z.infer<typeof workerAnswer>> {
  if (key !== null) assertSqliteKey(key);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./vacuum-worker.mjs', import.meta.url), {
      workerData: { source, target, key },
      // Plain JavaScript: no TypeScript loader (tsx, inherited by default) to start in the thread.
      execArgv: [],
    });
    let answer: unknown;
    worker.once('message', (message: unknown) => {
      answer = message;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      const parsed = workerAnswer.safeParse(answer);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error(`the backup worker stopped (exit code ${code}) without an answer`));
    });
  });
}
