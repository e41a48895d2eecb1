import { Readable } from 'node:stream';
import { backupVersion } from '../../../shared/domain/backup-format.ts';
import type { ImportQuery, ImportResult } from '../../../shared/schemas/backup.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { exportCalendarRows } from '../calendar-sync/index.ts';
import {
  type BackupTable,
  deleteAccountData,
  insertRows,
  listExportIds,
  nextTopPosition,
  readExportRows,
} from './backup.repo.ts';
import { type ImportRows, planImport } from './backup-plan.ts';
import { type BackupText, type RawBackup, readBackupFile } from './backup-validation.ts';
import { timeOrderedIds } from './time-ordered-ids.ts';

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

/**
 * Imports a backup file: the shape first, then every row (validated as the plan is built: new ids,
 * remapped parents, orphans skipped), all before any write and outside any transaction, so SQLite's one
 * connection is not held while a large file is read. Unless this is a dry run, one transaction then
 * clears the account when asked and inserts everything in multi-row statements. Any failure rolls the
 * whole transaction back, so the account is exactly as it was.
 */
export async function importBackup(
  deps: AppDeps,
  userId: string,
  body: BackupText,
  options: ImportQuery,
): Promise<ImportResult> {
  const clearExisting = options.clearExisting ?? false;
  const dryRun = options.dryRun ?? false;
  const { rows, counts, skipped, skippedCount } = planImport(readBackupFile(body), {
    userId,
    now: deps.now().toISOString(),
    newId: timeOrderedIds(deps.now()),
  });
  const result = { dryRun, clearedExisting: clearExisting, counts, skipped, skippedCount };
  if (dryRun) return result;

  await deps.database.db.transaction().execute(async (trx) => {
    if (clearExisting) await deleteAccountData(trx, userId);
    else await appendAfterExisting(trx, userId, rows);
    await insertPlannedRows(trx, rows);
  });
  return result;
}

/**
 * Adds rows written in the backup file's shape to an account inside the caller's transaction, after its
 * own notebooks and lists: how a new account gets its starter content (modules/starter). The rows are
 * validated and given new ids exactly as an import's are; a bad row throws (a programming error there).
 */
export async function addBackupRows(trx: Db, userId: string, file: RawBackup, now: Date): Promise<void> {
  const { rows } = planImport(file, { userId, now: now.toISOString(), newId: timeOrderedIds(now) });
  await appendAfterExisting(trx, userId, rows);
  await insertPlannedRows(trx, rows);
}

/** Places the file's notebooks and lists after the account's own, keeping the file's order among them. */
async function appendAfterExisting(trx: Db, userId: string, rows: ImportRows): Promise<void> {
  const notebookOffset = await nextTopPosition(trx, 'notebooks', userId);
  const todoOffset = await nextTopPosition(trx, 'todos', userId);
  for (const row of rows.notebooks) row.position += notebookOffset;
  for (const row of rows.todos) row.position += todoOffset;
}

async function insertPlannedRows(trx: Db, rows: ImportRows): Promise<void> {
  for (const table of Object.keys(rows) as BackupTable[]) {
    importFaults.beforeInsert?.(table);
    await insertRows(trx, table, rows[table]);
  }
}
