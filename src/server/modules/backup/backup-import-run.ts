import { messages } from '../../../shared/messages.ts';
import { backupDefaultReminderSchema } from '../../../shared/schemas/backup.ts';
import type { Db } from '../../db/database.ts';
import {
  type BackupTable,
  createRowWriter,
  deleteAccountData,
  existingLabelKeys,
  nextTopPosition,
  rowsPerInsert,
  writeDefaultReminder,
} from './backup.repo.ts';
import { NotJsonError, type ScanResult, scanBackupJson } from './backup-json-scanner.ts';
import { createImportPlanner, type ImportOutcome, type ImportPlanner } from './backup-plan.ts';
import { checkBackupShape, refuseImport } from './backup-validation.ts';
import { timeOrderedIds } from './time-ordered-ids.ts';
import { checkedUtf8 } from './utf8-check.ts';

/**
 * How one import is run, shared by the server's thread and the import's worker thread
 * (backup-import-worker.ts): plain data, so it crosses to the worker as it is.
 */
export interface ImportJob {
  userId: string;
  /** The import's time (ISO): new rows' default timestamps and their ids' time. */
  now: string;
  clearExisting: boolean;
  /**
   * A preview's copy of the account's labels (name key, id), read before it starts: the worker has no
   * database, and without them the preview would count as new a label the import joins.
   */
  existingLabels?: Array<[string, string]>;
}

const m = messages.backup;

/** A planner for `job`'s rows: validation, new ids and remapped parents (no writes: a dry run's). */
export const planOptions = (job: ImportJob) => ({
  userId: job.userId,
  now: job.now,
  newId: timeOrderedIds(new Date(job.now)),
  existingLabels: job.existingLabels ? new Map(job.existingLabels) : undefined,
});

/** Reads the whole file through the planner, then refuses it in the spec's order of checks, if at all. */
export async function readImport(
  source: AsyncIterable<Uint8Array>,
  planner: ImportPlanner,
): Promise<ImportOutcome> {
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
  const setting = (scan.root as Record<string, unknown>).defaultReminderMinutes;
  if (setting === undefined) return outcome;
  const minutes = backupDefaultReminderSchema.safeParse(setting);
  if (!minutes.success) throw refuseImport(m.invalidFormat);
  return { ...outcome, defaultReminderMinutes: minutes.data };
}

/**
 * The import's writes inside the caller's transaction `trx`: the account cleared when asked, then the
 * file's rows inserted in batches as they are read. Any refusal or failure throws, and the caller's
 * rollback leaves the account exactly as it was. `beforeInsert` runs before each batch (a test seam).
 */
export async function writeImport(
  trx: Db,
  job: ImportJob,
  source: AsyncIterable<Uint8Array>,
  beforeInsert?: (table: BackupTable) => Promise<void> | void,
): Promise<ImportOutcome> {
  if (job.clearExisting) await deleteAccountData(trx, job.userId);
  const write = createRowWriter(trx);
  const planner = createImportPlanner({
    ...planOptions(job),
    offsets: job.clearExisting ? undefined : await positionsAfterExisting(trx, job.userId),
    existingLabels: job.clearExisting ? undefined : await existingLabelKeys(trx, job.userId),
    batchRows: rowsPerInsert,
    write: async (table, rows) => {
      await beforeInsert?.(table);
      await write(table, rows);
    },
  });
  const outcome = await readImport(source, planner);
  // The account's default reminder comes with the file that carries one (a file without it leaves it).
  if (outcome.defaultReminderMinutes !== undefined) {
    await writeDefaultReminder(trx, job.userId, outcome.defaultReminderMinutes, job.now);
  }
  return outcome;
}

/** Places the file's notebooks and lists after the account's own, keeping the file's order among them. */
export async function positionsAfterExisting(trx: Db, userId: string) {
  return {
    notebooks: await nextTopPosition(trx, 'notebooks', userId),
    todos: await nextTopPosition(trx, 'todos', userId),
  };
}
