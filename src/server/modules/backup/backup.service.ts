import { Readable } from 'node:stream';
import { backupArrays, backupVersion } from '../../../shared/domain/backup-format.ts';
import { messages } from '../../../shared/messages.ts';
import type { ImportQuery, ImportResult } from '../../../shared/schemas/backup.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { exportCalendarRows } from '../calendar-sync/index.ts';
import { afterTaskHooks, tasksDeleting } from '../shared/task-hooks.ts';
import {
  type BackupTable,
  createRowWriter,
  deleteAccountData,
  listExportIds,
  listTodoIds,
  nextTopPosition,
  readExportRows,
  rowsPerInsert,
} from './backup.repo.ts';
import { NotJsonError, type ScanResult, scanBackupJson } from './backup-json-scanner.ts';
import { createImportPlanner, type ImportOutcome, type ImportPlanner } from './backup-plan.ts';
import { checkBackupShape, type RawBackup, refuseImport } from './backup-validation.ts';
import { timeOrderedIds } from './time-ordered-ids.ts';
import { checkedUtf8 } from './utf8-check.ts';

/** The file's arrays that come from a table, in the file's order. */
const exportedTables: Array<[string, BackupTable]> = [
  ['notebooks', 'notebooks'],
  ['sections', 'sections'],
  ['notes', 'notes'],
  ['todos', 'todos'],
  ['todoCategories', 'todo_categories'],
  ['todoItems', 'todo_items'],
  ['todoSubtasks', 'todo_subtasks'],
];

/** Rows per page read: pages hold ~2 KB each, so 500 of them are ~1 MB; other rows are small. */
const pageSize = (table: BackupTable) => (table === 'notes' ? 500 : 2000);

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
        const byId = new Map((await readExportRows(db, table, userId, pageIds)).map((row) => [row.id, row]));
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
    yield `,"taskCalendarEvents":${JSON.stringify(calendar.events)}}`;
  }

  return Readable.from(chunks(), { objectMode: false });
}

/** Stored 0/1 flags become the booleans the file (and the seed) uses. */
function toFileRow(row: Record<string, unknown>): Record<string, unknown> {
  if ('completed' in row) return { ...row, completed: row.completed === 1 || row.completed === true };
  return row;
}

/** Test seam: lets a test make the write phase fail part-way, to prove the transaction undoes it all. */
export const importFaults: { beforeInsert?: (table: BackupTable) => void } = {};

const m = messages.backup;

/**
 * Imports a backup file read as a stream (`source`): rows are validated, given new ids and remapped as
 * they are read (backup-plan.ts), so memory holds the id maps and one batch of rows per table, never the
 * file. A dry run only reads. Otherwise one transaction clears the account when asked and inserts the
 * rows in batches as they come; the file's shape and any bad row are only reported once the whole file
 * has been read (a file that is not JSON must answer so even after a bad row), by throwing, which rolls
 * back everything written, so the account is exactly as it was. The source should be local (the route
 * spools the upload to a file first): SQLite's one connection is held while it is read.
 */
export async function importBackup(
  deps: AppDeps,
  userId: string,
  source: AsyncIterable<Uint8Array>,
  options: ImportQuery,
): Promise<ImportResult> {
  const clearExisting = options.clearExisting ?? false;
  const dryRun = options.dryRun ?? false;
  const plan = { userId, now: deps.now().toISOString(), newId: timeOrderedIds(deps.now()) };
  const answer = ({ counts, skipped, skippedCount }: ImportOutcome) => ({
    dryRun,
    clearedExisting: clearExisting,
    counts,
    skipped,
    skippedCount,
  });
  if (dryRun) return answer(await readImport(source, createImportPlanner(plan)));

  const { result, queued } = await deps.database.db.transaction().execute(async (trx) => {
    // The tasks about to go may have synced calendar events: their deletes are queued with the import.
    const queued = clearExisting && (await tasksOfAccountDeleting(deps, trx, userId));
    if (clearExisting) await deleteAccountData(trx, userId);
    const write = createRowWriter(trx);
    const planner = createImportPlanner({
      ...plan,
      offsets: clearExisting ? undefined : await positionsAfterExisting(trx, userId),
      batchRows: rowsPerInsert,
      write: async (table, rows) => {
        importFaults.beforeInsert?.(table);
        await write(table, rows);
      },
    });
    return { result: answer(await readImport(source, planner)), queued };
  });
  afterTaskHooks(deps, queued);
  return result;
}

/** Tells the task hooks (calendar sync) that every task of the account is about to be deleted. */
async function tasksOfAccountDeleting(deps: AppDeps, trx: Db, userId: string): Promise<boolean> {
  let queued = false;
  for (const todoId of await listTodoIds(trx, userId)) {
    queued = (await tasksDeleting(deps, trx, userId, { column: 'todo_id', value: todoId })) || queued;
  }
  return queued;
}

/** Reads the whole file through the planner, then refuses it in the spec's order of checks, if at all. */
async function readImport(source: AsyncIterable<Uint8Array>, planner: ImportPlanner): Promise<ImportOutcome> {
  let scan: ScanResult;
  try {
    scan = await scanBackupJson(checkedUtf8(source), planner);
  } catch (error) {
    throw error instanceof NotJsonError ? refuseImport(m.notJson) : error;
  }
  // Finished (the last write settled) before any refusal, so the rollback follows every write.
  const outcome = await planner.finish();
  checkBackupShape(scan.root, scan.repeatedArrays);
  if (outcome.problem) throw refuseImport(outcome.problem);
  return outcome;
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
    batchRows: rowsPerInsert,
    write: (table, rows) => write(table, rows),
  });
  for (const name of backupArrays) {
    for (const [index, value] of file[name].entries()) await planner.row(name, index, value);
    await planner.arrayEnd(name);
  }
  const { problem } = await planner.finish();
  if (problem) throw new Error(problem);
}

/** Places the file's notebooks and lists after the account's own, keeping the file's order among them. */
async function positionsAfterExisting(trx: Db, userId: string) {
  return {
    notebooks: await nextTopPosition(trx, 'notebooks', userId),
    todos: await nextTopPosition(trx, 'todos', userId),
  };
}
