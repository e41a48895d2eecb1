import { type BackupArray, backupArrays } from '../../../shared/domain/backup-format.ts';
import type { BackupRows, ImportCounts, SkippedRow } from '../../../shared/schemas/backup.ts';
import { ImportBatches, type WriteBatch } from './backup-plan-batches.ts';
import { createIdRemap, type IdRemapOptions, tableOf } from './backup-plan-ids.ts';
import { ImportRefusals } from './backup-plan-refusals.ts';
import { checkRow } from './backup-validation.ts';

export interface PlanOptions extends IdRemapOptions {
  write?: WriteBatch;
  /** Rows per batch handed to `write` for a table whose rows have `columns` values. */
  batchRows?: (columns: number) => number;
}

export interface ImportOutcome {
  counts: ImportCounts;
  skipped: SkippedRow[];
  skippedCount: number;
  /** The first bad row's message, in the format's array order; nothing was kept written if there is one. */
  problem: string | null;
  /** The file's `defaultReminderMinutes` (null: none); undefined when the file has no such field. */
  defaultReminderMinutes?: number | null;
}

export interface ImportPlanner {
  /** A row of the file. Rows of one array come in index order; a promise must settle before the next row. */
  row(array: string, index: number, value: unknown): Promise<void> | undefined;
  /** The end of one of the file's arrays: rows waiting for it as their parent array are planned now. */
  arrayEnd(array: string): Promise<void> | undefined;
  /** After the whole file: plans and writes whatever is left and answers what the import did. */
  finish(): Promise<ImportOutcome>;
}

/** A row can be planned once its parent arrays are complete: then a missing parent is truly missing. */
const parentsOf: Partial<Record<BackupArray, readonly BackupArray[]>> = {
  sections: ['notebooks'],
  notes: ['sections'],
  todoCategories: ['todos'],
  todoItems: ['todoCategories'],
  todoSubtasks: ['todoItems'],
  taskLabels: ['todoItems', 'labels'],
  taskOccurrences: ['todoItems'],
  taskReminders: ['todoItems'],
};
const parentsComplete = (array: BackupArray, complete: ReadonlySet<BackupArray>) =>
  (parentsOf[array] ?? []).every((parent) => complete.has(parent));
const arrayNames: ReadonlySet<string> = new Set(backupArrays);
const isBackupArray = (name: string): name is BackupArray => arrayNames.has(name);

/**
 * Plans an import a row at a time, as the file is read: every row is validated (backup-validation.ts),
 * given a new id and its parents remapped (backup-plan-ids.ts); a row whose parent is not in the file is
 * skipped and reported, and so are its own children. Planned rows are written in batches through `write`
 * (backup-plan-batches.ts), so only the id maps stay in memory. A file normally lists parents first; a
 * child array listed before its parent array waits (in memory) until the parent array is complete, so
 * the order of the arrays does not change the result. After a bad row nothing more is written (the
 * caller rolls the transaction back), but the remaining rows are still checked: the reported problem is
 * the first bad row of the first array in the format's order (backup-plan-refusals.ts).
 */
export function createImportPlanner(options: PlanOptions): ImportPlanner {
  const ids = createIdRemap(options);
  const refusals = new ImportRefusals();
  const batches = options.write ? new ImportBatches(options.write, options.batchRows ?? (() => 1000)) : null;
  const seen = new Map<BackupArray, Set<string> | null>();
  const ended = new Set<BackupArray>();
  const complete = new Set<BackupArray>();
  const waiting = new Map<BackupArray, Array<[number, unknown]>>();

  /** Plans a valid row; answers a promise when its table's batch is full and being written. */
  function place(array: BackupArray, index: number, value: BackupRows[BackupArray][number]) {
    const table = tableOf(array);
    const out = table && batches && !refusals.any ? batches.batch(table) : null;
    const start = out?.length ?? 0;
    const skipped = ids.plan(array, index, value, out);
    if (skipped !== undefined) {
      refusals.skip(array, index, skipped);
      return undefined;
    }
    return table && out ? batches?.added(table, start) : undefined;
  }

  /** Completes every array whose rows can all be planned now, parents before children. */
  async function settle(): Promise<void> {
    for (const array of backupArrays) {
      if (complete.has(array) || !parentsComplete(array, complete)) continue;
      for (const [index, value] of waiting.get(array) ?? []) await place(array, index, value as never);
      waiting.delete(array);
      if (!ended.has(array)) continue;
      complete.add(array);
      const table = tableOf(array);
      if (table && batches && !refusals.any) await batches.flush(table, true);
    }
  }

  return {
    row(array, index, value) {
      if (!isBackupArray(array) || refusals.refused(array) || ended.has(array)) return undefined;
      if (!seen.has(array)) {
        const unchecked =
          array === 'calendarIntegrations' ||
          array === 'taskCalendarEvents' ||
          array === 'taskLabels' ||
          array === 'taskOccurrences' ||
          array === 'taskReminders';
        seen.set(array, unchecked ? null : new Set());
      }
      const check = checkRow(array, index, value, seen.get(array) ?? null);
      if ('problem' in check) {
        refusals.refuse(array, check.problem);
        batches?.discard();
        waiting.clear();
        return undefined;
      }
      if (refusals.any) return undefined;
      if (!parentsComplete(array, complete)) {
        const list = waiting.get(array) ?? [];
        waiting.set(array, list);
        list.push([index, check.row]);
        return undefined;
      }
      return place(array, index, check.row);
    },
    arrayEnd(array) {
      if (!isBackupArray(array)) return undefined;
      ended.add(array);
      return settle();
    },
    async finish() {
      for (const array of backupArrays) ended.add(array);
      await settle();
      await batches?.settled();
      return {
        counts: ids.counts,
        skipped: refusals.skipped(),
        skippedCount: refusals.skippedCount,
        problem: refusals.firstProblem(),
      };
    },
  };
}
