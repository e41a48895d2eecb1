import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { backupArrays, backupVersion } from '../../../shared/domain/backup-format.ts';
import type { ImportQuery, ImportResult } from '../../../shared/schemas/backup.ts';
import type { Db } from '../../db/database.ts';
import { writePauseOf } from '../../db/write-pause.ts';
import type { AppDeps } from '../../deps.ts';
import { afterTaskHooks, tasksChanged, tasksDeleting } from '../../lib/task-hooks.ts';
import { attachmentUsage } from '../attachments/index.ts';
import { exportCalendarRows } from '../calendar-sync/index.ts';
import { readTasks } from '../todos/index.ts';
import {
  type BackupTable,
  createRowWriter,
  existingLabelKeys,
  listExportIds,
  listTodoIds,
  type PositionedTable,
  readDefaultReminder,
  readExportLabels,
  readExportOccurrences,
  readExportReminders,
  readExportRows,
  readExportTaskLabels,
  rowsPerInsert,
  tasksWithUnscheduledReminders,
} from './backup.repo.ts';
import { type ImportJob, positionsAfterExisting, writeImport } from './backup-import-run.ts';
import { importInWorker } from './backup-import-thread.ts';
import { createImportPlanner, type ImportOutcome } from './backup-plan.ts';
import type { RawBackup } from './backup-validation.ts';
import { type MarkdownJob, writeMarkdownImport } from './markdown-import.ts';
import { zipLimits } from './markdown-zip.ts';
import { timeOrderedIds } from './time-ordered-ids.ts';

/** The file's arrays that come from a table, in the file's order. */
const exportedTables: Array<[string, PositionedTable]> = [
  ['notebooks', 'notebooks'],
  ['sections', 'sections'],
  ['notes', 'notes'],
  ['todos', 'todos'],
  ['todoCategories', 'todo_categories'],
  ['todoItems', 'todo_items'],
  ['todoSubtasks', 'todo_subtasks'],
];

/** Rows per page read: pages hold ~2 KB each, so 500 of them are ~1 MB; other rows are small. */
const pageSize = (table: PositionedTable) => (table === 'notes' ? 500 : 2000);

/**
 * The backup file as a stream of JSON text. Row ids are listed first (small), then the rows are read a
 * page at a time, each page its own query, so the database is never held for the whole download (a slow
 * client must not stall everyone else on SQLite's one connection) and no more than a page of rows is in
 * memory. Without one long transaction the file is not a snapshot: a row changed while the file is being
 * written may appear as it was or as it became, which a person exporting their own data can live with.
 */
export function exportBackup(deps: AppDeps, userId: string): Readable {
  const db = deps.database.db;
  const exportedAt = deps.now().toISOString();

  async function* chunks(): AsyncGenerator<string> {
    yield `{"version":${JSON.stringify(backupVersion)},"exportedAt":${JSON.stringify(exportedAt)},"userId":${JSON.stringify(userId)}`;
    for (const [name, table] of exportedTables) {
      yield `,${JSON.stringify(name)}:[`;
      const ids = await listExportIds(db, table, userId);
      const size = pageSize(table);
      for (let start = 0; start < ids.length; start += size) {
        const pageIds = ids.slice(start, start + size);
        const byId = new Map((await readPage(db, table, userId, pageIds)).map((row) => [row.id, row]));
        const parts: string[] = [];
        for (const id of pageIds) {
          const row = byId.get(id);
          // Deleted since the ids were listed: left out.
          if (row) parts.push(JSON.stringify(toFileRow(row)));
        }
        if (parts.length > 0) yield (start > 0 ? ',' : '') + parts.join(',');
      }
      yield ']';
    }
    // Connected calendars without any credential (calendar-sync never selects them for the export).
    const calendar = await exportCalendarRows(db, userId);
    yield `,"calendarIntegrations":${JSON.stringify(calendar.integrations)}`;
    yield `,"taskCalendarEvents":${JSON.stringify(calendar.events)}`;
    yield* labelChunks(db, userId);
    // An account setting, after every array: the spec's fields and arrays keep their places.
    yield `,"defaultReminderMinutes":${JSON.stringify(await readDefaultReminder(db, userId))}`;
    yield '}';
  }

  return Readable.from(chunks(), { objectMode: false });
}

/** Rows of task_labels per page: two short ids each. */
const taskLabelsPage = 5000;

/** The labels, then which task has which, a page at a time (they come after the spec's arrays). */
async function* labelChunks(db: Db, userId: string): AsyncGenerator<string> {
  yield `,"labels":${JSON.stringify(await readExportLabels(db, userId))},"taskLabels":[`;
  let after: { task_id: string; label_id: string } | null = null;
  for (;;) {
    const page = await readExportTaskLabels(db, userId, after, taskLabelsPage);
    if (page.length > 0) yield (after ? ',' : '') + page.map((row) => JSON.stringify(row)).join(',');
    const last = page.at(-1);
    if (!last || page.length < taskLabelsPage) break;
    after = last;
  }
  yield ']';
  yield* occurrenceChunks(db, userId);
  yield* reminderChunks(db, userId);
}

/**
 * An array of rows read a page at a time by id, each written without its id (an import makes its own):
 * the repeating tasks' History, and the tasks' reminders as rules (without their fire state).
 */
async function* idPagedChunks<Row extends { id: string }>(
  name: string,
  readPage: (after: string | null, limit: number) => Promise<Row[]>,
): AsyncGenerator<string> {
  yield `,${JSON.stringify(name)}:[`;
  let after: string | null = null;
  for (;;) {
    const page = await readPage(after, taskLabelsPage);
    const rows = page.map(({ id: _id, ...row }) => JSON.stringify(row));
    if (rows.length > 0) yield (after ? ',' : '') + rows.join(',');
    const last = page.at(-1);
    if (!last || page.length < taskLabelsPage) break;
    after = last.id;
  }
  yield ']';
}

const occurrenceChunks = (db: Db, userId: string) =>
  idPagedChunks('taskOccurrences', (after, limit) => readExportOccurrences(db, userId, after, limit));

const reminderChunks = (db: Db, userId: string) =>
  idPagedChunks('taskReminders', (after, limit) => readExportReminders(db, userId, after, limit));

/**
 * One page of a table's export rows, by id. Tasks come from the todos module's read, which the calendar
 * feed and sync share; it selects the file's fields in the file's order. Read here, not in backup.repo.ts,
 * which the import's worker thread loads: the todos module has no place there.
 */
function readPage(
  db: Db,
  table: PositionedTable,
  userId: string,
  ids: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  return table === 'todo_items' ? readTasks(db, userId, { ids }) : readExportRows(db, table, userId, ids);
}

/** Stored 0/1 flags become the booleans the file (and the seed) uses. */
function toFileRow(row: Record<string, unknown>): Record<string, unknown> {
  if ('completed' in row) return { ...row, completed: row.completed === 1 || row.completed === true };
  return row;
}

/** Test seam: lets a test make the write phase fail part-way, to prove the transaction undoes it all. */
export const importFaults: { beforeInsert?: (table: BackupTable) => void } = {};

/**
 * Imports a backup file (`file`: the upload spooled to disk): rows are validated, given new ids and
 * remapped as they are read (backup-plan.ts), so memory holds the id maps and one batch of rows per
 * table, never the file. A dry run only reads. Otherwise one transaction clears the account when asked
 * and inserts the rows in batches as they come; the file's shape and any bad row are only reported once
 * the whole file has been read (a file that is not JSON must answer so even after a bad row), by
 * throwing, which rolls back everything written, so the account is exactly as it was.
 *
 * The reading and checking, and on SQLite the whole transaction, run in a worker thread
 * (backup-import-worker.ts), so the server's thread goes on answering everyone else meanwhile. On
 * PostgreSQL the transaction stays here (its queries already wait off the thread); so does a clearing
 * import of an account with tasks synced to a calendar, whose deletion must queue jobs through the
 * task hooks in the same transaction. While the worker writes, the server's own writes wait for it
 * (db/write-pause.ts); its reads go on, on the last committed state.
 */
export async function importBackup(
  deps: AppDeps,
  userId: string,
  file: string,
  options: ImportQuery,
): Promise<ImportResult> {
  const clearExisting = options.clearExisting ?? false;
  const dryRun = options.dryRun ?? false;
  const job: ImportJob = { userId, now: deps.now().toISOString(), clearExisting };
  if (dryRun && !clearExisting) {
    job.existingLabels = [...(await existingLabelKeys(deps.database.db, userId))];
  }
  const answer = ({ counts, skipped, skippedCount }: Omit<ImportOutcome, 'problem'>) => ({
    dryRun,
    clearedExisting: clearExisting,
    counts,
    skipped,
    skippedCount,
  });
  const { database } = deps;
  const { sqlitePath, sqliteKey } = workerDatabase(database);
  if (dryRun || sqlitePath) {
    const beforeInsert = importFaults.beforeInsert;
    const run = () =>
      importInWorker(
        { file, job, dryRun, sqlitePath, sqliteKey, askBeforeInsert: beforeInsert !== undefined },
        beforeInsert,
      );
    // The worker's transaction holds SQLite's write lock: the server's own writes wait meanwhile.
    const done = dryRun ? await run() : await writePauseOf(database).during(run);
    if (done.kind === 'done') {
      if (!dryRun) await scheduleImportedReminders(deps, userId);
      return answer(done.outcome);
    }
  }

  const { result, queued } = await database.db.transaction().execute(async (trx) => {
    // The tasks about to go may have synced calendar events: their deletes are queued with the import.
    const queued = clearExisting && (await tasksOfAccountDeleting(deps, trx, userId));
    const outcome = await writeImport(trx, job, spooled(file), importFaults.beforeInsert);
    return { result: answer(outcome), queued };
  });
  afterTaskHooks(deps, queued);
  await scheduleImportedReminders(deps, userId);
  return result;
}

/**
 * The SQLite file and its key for the import's worker thread, which opens its own connection (its
 * transaction then holds the write lock off the server's thread); none on PostgreSQL.
 */
function workerDatabase(database: AppDeps['database']) {
  const sqlitePath = database.engine === 'sqlite' ? (database.sqlitePath ?? null) : null;
  return { sqlitePath, sqliteKey: database.sqliteKey ?? null };
}

/**
 * Imports a zip of Markdown (an Obsidian vault, a Joplin, Bear or Notion export, or our own Markdown
 * export; `file`: the upload spooled to disk) with the JSON import's flow: a dry run reads and checks
 * everything and writes nothing; otherwise one transaction clears the account when asked, stores the
 * linked files as attachments and inserts the rows through the same planner, so a refusal or failure
 * rolls everything back, files included. Like the JSON import, the preview and (on SQLite) the whole
 * transaction run in the import's worker thread, the server's own writes waiting for it meanwhile.
 */
export async function importMarkdown(
  deps: AppDeps,
  userId: string,
  file: string,
  options: ImportQuery,
): Promise<ImportResult> {
  const clearExisting = options.clearExisting ?? false;
  const dryRun = options.dryRun ?? false;
  const { database } = deps;
  const usage = await attachmentUsage(database.db, userId);
  const job: MarkdownJob = {
    userId,
    now: deps.now().toISOString(),
    clearExisting,
    zipName: options.name,
    roomBytes: Math.max(0, usage.limitBytes - usage.usedBytes),
    limits: { ...zipLimits },
  };
  const answer = ({ counts, skipped, skippedCount }: ImportOutcome): ImportResult => ({
    dryRun,
    clearedExisting: clearExisting,
    counts,
    skipped,
    skippedCount,
  });
  const { sqlitePath, sqliteKey } = workerDatabase(database);
  if (dryRun || sqlitePath) {
    const markdown = { zipName: job.zipName, roomBytes: job.roomBytes, limits: { ...zipLimits } };
    const data = { file, job, dryRun, sqlitePath, sqliteKey, askBeforeInsert: false, markdown };
    const run = () => importInWorker(data);
    // The worker's transaction holds SQLite's write lock: the server's own writes wait meanwhile.
    const done = dryRun ? await run() : await writePauseOf(database).during(run);
    if (done.kind === 'done') return answer({ ...done.outcome, problem: null });
  }
  // PostgreSQL, or a clearing import of an account with calendar-synced tasks (the task hooks queue
  // their deletes in the transaction): on the server's thread.
  const { outcome, queued } = await database.db.transaction().execute(async (trx) => {
    const queued = clearExisting && (await tasksOfAccountDeleting(deps, trx, userId));
    return { outcome: await writeMarkdownImport(trx, file, job), queued };
  });
  afterTaskHooks(deps, queued);
  return answer(outcome);
}

/**
 * The reminders an import wrote carry no fire instant (the import's worker knows neither the account's
 * zone rules nor the jobs queue): each of their tasks goes through the task hooks once, which works the
 * instants out and queues the fire jobs, as any change of the task would.
 */
async function scheduleImportedReminders(deps: AppDeps, userId: string): Promise<void> {
  const queued = await deps.database.db.transaction().execute(async (trx) => {
    let any = false;
    for (const taskId of await tasksWithUnscheduledReminders(trx, userId)) {
      any = (await tasksChanged(deps, trx, userId, { column: 'id', value: taskId })) || any;
    }
    return any;
  });
  afterTaskHooks(deps, queued);
}

/** The spooled file in the chunks the scanner reads best (backup-json-scanner.ts). */
const spooled = (file: string) => createReadStream(file, { highWaterMark: 256 * 1024 });

/** Tells the task hooks (calendar sync) that every task of the account is about to be deleted. */
async function tasksOfAccountDeleting(deps: AppDeps, trx: Db, userId: string): Promise<boolean> {
  let queued = false;
  for (const todoId of await listTodoIds(trx, userId)) {
    queued = (await tasksDeleting(deps, trx, userId, { column: 'todo_id', value: todoId })) || queued;
  }
  return queued;
}

/**
 * Adds rows written in the backup file's shape to an account inside the caller's transaction, after its
 * own notebooks and lists: how a new account gets its starter content (modules/starter). The rows are
 * validated and given new ids exactly as an import's are; a bad row throws (a programming error there).
 */
export async function addBackupRows(trx: Db, userId: string, file: RawBackup, now: Date): Promise<void> {
  const write = createRowWriter(trx);
  const planner = createImportPlanner({
    userId,
    now: now.toISOString(),
    newId: timeOrderedIds(now),
    offsets: await positionsAfterExisting(trx, userId),
    existingLabels: await existingLabelKeys(trx, userId),
    batchRows: rowsPerInsert,
    write: (table, rows) => write(table, rows),
  });
  for (const name of backupArrays) {
    for (const [index, value] of (file[name] ?? []).entries()) await planner.row(name, index, value);
    await planner.arrayEnd(name);
  }
  const { problem } = await planner.finish();
  if (problem) throw new Error(problem);
}
