// The import's worker thread (started and kept by backup-import-thread.ts), one job at a time: reads the
// spooled upload, checks and plans every row and, unless it is a preview, writes the rows in one
// transaction on a SQLite connection of its own. The server's thread meanwhile keeps answering: when it
// parsed and checked 45 MB itself, inside a transaction holding its one connection, every other user's
// request waited for the whole import (1.7 s and more). WAL lets the server's connection go on reading
// the last committed state while this connection writes.
import { createReadStream } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { AppError } from '../../app-error.ts';
import type { Database } from '../../db/schema.ts';
import { openSqliteFile } from '../../db/sqlite-cipher.ts';
import { registerSqliteFunctions } from '../../db/sqlite-functions.ts';
import { type BackupTable, hasCalendarEvents } from './backup.repo.ts';
import {
  type ImportWorkerData,
  type ImportWorkerMessage,
  importWorkerRequestSchema,
} from './backup-import-messages.ts';
import { planOptions, readImport, writeImport } from './backup-import-run.ts';
import { createImportPlanner, type ImportOutcome } from './backup-plan.ts';
import { previewMarkdownImport, writeMarkdownImport } from './markdown-import.ts';

if (!parentPort) throw new Error('backup-import-worker.ts runs as a worker thread');
const port = parentPort;
const say = (message: ImportWorkerMessage) => port.postMessage(message);

/** The file as the importer reads it: 256 kB chunks (the scanner's measured sweet spot). */
const source = (file: string) => createReadStream(file, { highWaterMark: 256 * 1024 });

/** The running job's wait for the server's thread's reply to `beforeInsert`. */
let awaitingReply: ((error: string | null) => void) | null = null;

/** Asks the server's thread before a batch; its answer is an error to throw, or none. */
function askBeforeInsert(table: BackupTable): Promise<void> {
  return new Promise((resolve, reject) => {
    awaitingReply = (error) => {
      awaitingReply = null;
      if (error === null) resolve();
      else reject(new Error(error));
    };
    say({ kind: 'beforeInsert', table });
  });
}

class CalendarEventsFound extends Error {}

/**
 * The import's transaction on a connection of this job's own. BEGIN IMMEDIATE takes SQLite's write
 * lock first (waiting for a transaction of the server's to end): a deferred transaction that read
 * before another connection's commit could not write afterwards. The commit is synchronous=FULL, on
 * disk before the answer (the server's group commit, group-commit.ts, does not see this connection).
 */
async function writeInTransaction(data: ImportWorkerData, sqlitePath: string): Promise<ImportOutcome> {
  const { job } = data;
  const sqlite = openSqliteFile(sqlitePath, data.sqliteKey, { fileMustExist: true, timeout: 30_000 });
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  registerSqliteFunctions(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    return await db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        if (job.clearExisting && (await hasCalendarEvents(connection, job.userId))) {
          throw new CalendarEventsFound();
        }
        const ask = data.askBeforeInsert ? askBeforeInsert : undefined;
        const outcome = data.markdown
          ? await writeMarkdownImport(connection, data.file, { ...job, ...data.markdown })
          : await writeImport(connection, job, source(data.file), ask);
        await sql`commit`.execute(connection);
        return outcome;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    });
  } finally {
    await db.destroy();
  }
}

async function run(data: ImportWorkerData): Promise<ImportOutcome> {
  if (data.dryRun && data.markdown)
    return previewMarkdownImport(data.file, { ...data.job, ...data.markdown });
  if (data.dryRun) return readImport(source(data.file), createImportPlanner(planOptions(data.job)));
  if (!data.sqlitePath) throw new Error('an import in a worker needs a SQLite file');
  return writeInTransaction(data, data.sqlitePath);
}

/** Runs one job and says how it ended; the thread then waits for the next. */
async function runJob(data: ImportWorkerData): Promise<void> {
  try {
    const { counts, skipped, skippedCount } = await run(data);
    say({ kind: 'done', outcome: { counts, skipped, skippedCount } });
  } catch (error) {
    if (error instanceof CalendarEventsFound) say({ kind: 'calendarEvents' });
    else if (error instanceof AppError) {
      say({ kind: 'refused', code: error.code, statusCode: error.statusCode, message: error.message });
    } else say({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

port.on('message', (raw: unknown) => {
  const request = importWorkerRequestSchema.parse(raw);
  if (request.kind === 'beforeInsertReply') awaitingReply?.(request.error);
  else void runJob(request.data);
});
// Loaded: the server's thread may be waiting for this to know a warm worker is there (warmImportWorker).
say({ kind: 'ready' });
