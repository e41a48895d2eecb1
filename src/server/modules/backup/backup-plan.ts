import { type BackupArray, backupArrays } from '../../../shared/domain/backup-format.ts';
import { messages } from '../../../shared/messages.ts';
import type { BackupRows, ImportCounts, SkippedRow } from '../../../shared/schemas/backup.ts';
import { skippedListMax } from '../../../shared/schemas/backup.ts';
import { type BackupTable, importColumns } from './backup-tables.ts';
import { checkRow } from './backup-validation.ts';

/**
 * Writes a batch of planned rows into one table (the import's transaction); absent for a dry run.
 * `values` holds the rows' values one row after another, in importColumns[table] order.
 */
export type WriteBatch = (table: BackupTable, values: unknown[]) => Promise<void>;

export interface PlanOptions {
  userId: string;
  /** ISO timestamp for rows whose file gives none. */
  now: string;
  newId: () => string;
  /** Added to the file's positions of notebooks and lists, to place them after the account's own. */
  offsets?: { notebooks: number; todos: number };
  write?: WriteBatch;
  /** Rows per batch handed to `write` for a table whose rows have `columns` values. */
  batchRows?: (columns: number) => number;
}

/**
 * A batch is also written once its text reaches this many characters (pages run to 2 KB and more), so
 * a batch of pages stays small in memory: rows written soon after they are read die young, where a
 * batch kept across several minor collections is copied into the old generation and stays there, as
 * garbage, until the next full collection (issue 10: the peak memory of a large import).
 */
const batchChars = 256 * 1024;

export interface ImportOutcome {
  counts: ImportCounts;
  skipped: SkippedRow[];
  skippedCount: number;
  /** The first bad row's message, in the spec's array order; nothing was kept written if there is one. */
  problem: string | null;
}

export interface ImportPlanner {
  /** A row of the file. Rows of one array come in index order; a promise must settle before the next row. */
  row(array: string, index: number, value: unknown): Promise<void> | undefined;
  /** The end of one of the file's arrays: rows waiting for it as their parent array are planned now. */
  arrayEnd(array: string): Promise<void> | undefined;
  /** After the whole file: plans and writes whatever is left and answers what the import did. */
  finish(): Promise<ImportOutcome>;
}

type Imported = Exclude<BackupArray, 'calendarIntegrations' | 'taskCalendarEvents'>;
const tableOf: Record<Imported, BackupTable> = {
  notebooks: 'notebooks',
  sections: 'sections',
  notes: 'notes',
  todos: 'todos',
  todoCategories: 'todo_categories',
  todoItems: 'todo_items',
  todoSubtasks: 'todo_subtasks',
};
/** A row can be planned once its parent array is complete: then a missing parent is truly missing. */
const parentOf: Partial<Record<BackupArray, BackupArray>> = {
  sections: 'notebooks',
  notes: 'sections',
  todoCategories: 'todos',
  todoItems: 'todoCategories',
  todoSubtasks: 'todoItems',
};
const arrayNames: ReadonlySet<string> = new Set(backupArrays);
const isBackupArray = (name: string): name is BackupArray => arrayNames.has(name);
const m = messages.backup;

/**
 * Plans an import a row at a time, as the file is read: every row is validated, given a new id and its
 * parent remapped through maps of the ids seen so far; a row whose parent is not in the file is skipped
 * and reported, and so are its own children. user_id always becomes the importing user; the file's user
 * ids are never trusted. Planned rows are written in batches through `write`, so only the id maps stay
 * in memory. A file normally lists parents first; a child array listed before its parent array waits
 * (in memory) until the parent array is complete, so the order of the arrays does not change the result.
 * After a bad row nothing more is written (the caller rolls the transaction back), but the remaining
 * rows are still checked: the reported problem is the first bad row of the first array in the spec's
 * order, as when the file was checked array by array.
 */
export function createImportPlanner(options: PlanOptions): ImportPlanner {
  const { userId, now, newId, write } = options;
  const offsets = options.offsets ?? { notebooks: 0, todos: 0 };
  const batchRows = options.batchRows ?? (() => 1000);
  const problems = new Map<BackupArray, string>();
  const seen = new Map<BackupArray, Set<string> | null>();
  const ended = new Set<BackupArray>();
  const complete = new Set<BackupArray>();
  const waiting = new Map<BackupArray, Array<[number, unknown]>>();
  // Per table: the values of the rows planned and not yet written, row after row (importColumns order).
  const batches = new Map<BackupTable, unknown[]>();
  // Values per batch of each table (rows per batch times the table's columns).
  const batchLimits = new Map<BackupTable, number>();
  // Characters of text in each table's batch.
  const batchText = new Map<BackupTable, number>();
  const skippedBy = new Map<BackupArray, SkippedRow[]>();
  let skippedCount = 0;
  const counts: ImportCounts = {
    notebooks: 0,
    sections: 0,
    notes: 0,
    todoLists: 0,
    categories: 0,
    todoItems: 0,
    subtasks: 0,
    calendarIntegrations: 0,
    calendarEvents: 0,
  };

  const notebookIds = new Map<string, string>();
  // section id -> [new id, new notebook id]
  const sectionIds = new Map<string, [string, string]>();
  const todoIds = new Map<string, string>();
  // category id -> [new id, new todo id]
  const categoryIds = new Map<string, [string, string]>();
  const itemIds = new Map<string, string>();

  const skip = (array: BackupArray, index: number, reason: string) => {
    skippedCount += 1;
    const list = skippedBy.get(array) ?? [];
    if (list.length < skippedListMax) list.push({ array, index, reason });
    skippedBy.set(array, list);
  };
  const created = (row: { created_at?: string | null; updated_at?: string | null }) =>
    row.created_at ?? row.updated_at ?? now;

  /**
   * Plans a valid row of `array`: its new id and remapped parents, its values appended to `out` (a
   * table's batch; null when nothing is to be written). False when its parent is missing (or not
   * imported): the row is skipped.
   */
  function plan(
    array: BackupArray,
    index: number,
    value: BackupRows[BackupArray][number],
    out: unknown[] | null,
  ) {
    switch (array) {
      case 'notebooks': {
        const row = value as BackupRows['notebooks'][number];
        const id = newId();
        notebookIds.set(row.id, id);
        counts.notebooks += 1;
        const at = created(row);
        const position = (row.position ?? index) + offsets.notebooks;
        out?.push(id, userId, row.title, row.color ?? '#3B82F6', position, at, row.updated_at ?? at);
        return true;
      }
      case 'sections': {
        const row = value as BackupRows['sections'][number];
        const notebookId = notebookIds.get(row.notebook_id);
        if (!notebookId) {
          skip(array, index, m.parentMissing('notebook'));
          return false;
        }
        const id = newId();
        sectionIds.set(row.id, [id, notebookId]);
        counts.sections += 1;
        const at = created(row);
        out?.push(id, notebookId, userId, row.title, row.position ?? index, at, row.updated_at ?? at);
        return true;
      }
      case 'notes': {
        const row = value as BackupRows['notes'][number];
        const section = sectionIds.get(row.section_id);
        if (!section) {
          skip(array, index, m.parentMissing('section'));
          return false;
        }
        counts.notes += 1;
        const at = created(row);
        out?.push(
          newId(),
          section[0],
          section[1],
          userId,
          row.title,
          row.content ?? '',
          row.position ?? index,
          1,
          at,
          row.updated_at ?? at,
        );
        return true;
      }
      case 'todos': {
        const row = value as BackupRows['todos'][number];
        const id = newId();
        todoIds.set(row.id, id);
        counts.todoLists += 1;
        const at = created(row);
        const position = (row.position ?? index) + offsets.todos;
        out?.push(id, userId, row.title, row.color ?? '#10B981', position, at, row.updated_at ?? at);
        return true;
      }
      case 'todoCategories': {
        const row = value as BackupRows['todoCategories'][number];
        const todoId = todoIds.get(row.todo_id);
        if (!todoId) {
          skip(array, index, m.parentMissing('to-do list'));
          return false;
        }
        const id = newId();
        categoryIds.set(row.id, [id, todoId]);
        counts.categories += 1;
        const at = created(row);
        out?.push(id, todoId, userId, row.title, row.position ?? index, at, row.updated_at ?? at);
        return true;
      }
      case 'todoItems': {
        const row = value as BackupRows['todoItems'][number];
        const category = categoryIds.get(row.category_id);
        if (!category) {
          skip(array, index, m.parentMissing('category'));
          return false;
        }
        const id = newId();
        itemIds.set(row.id, id);
        counts.todoItems += 1;
        const at = created(row);
        out?.push(
          id,
          category[0],
          category[1],
          userId,
          row.text,
          row.completed ? 1 : 0,
          row.due_date ?? null,
          row.priority ?? 'medium',
          // Spec §5: an estimate of zero is no estimate.
          row.estimated_time ? row.estimated_time : null,
          row.position ?? index,
          at,
          row.updated_at ?? at,
        );
        return true;
      }
      case 'todoSubtasks': {
        const row = value as BackupRows['todoSubtasks'][number];
        const itemId = itemIds.get(row.todo_item_id);
        if (!itemId) {
          skip(array, index, m.parentMissing('task'));
          return false;
        }
        counts.subtasks += 1;
        const at = created(row);
        out?.push(
          newId(),
          itemId,
          userId,
          row.text,
          row.completed ? 1 : 0,
          row.position ?? index,
          at,
          row.updated_at ?? at,
        );
        return true;
      }
      // A backup holds no calendar credentials (never exported), so connections and their event links
      // cannot be restored: the rows are reported, not silently lost.
      default:
        skip(array, index, m.calendarNotRestored);
        return false;
    }
  }

  // One batch is written while the next is planned: on PostgreSQL the database's work (its trigram
  // indexes above all) overlaps with reading the file. Only one, so memory stays bounded; a failed
  // write is answered by the next wait on it (flush or finish).
  let writing: Promise<void> = Promise.resolve();
  async function flush(table: BackupTable, all: boolean): Promise<void> {
    const batch = batches.get(table) ?? [];
    if (!write || problems.size > 0) return;
    batches.delete(table);
    batchText.delete(table);
    if (batch.length === 0 && !all) return;
    await writing;
    writing = write(table, batch);
    writing.catch(() => undefined);
  }

  /** Plans a valid row; answers a promise when its table's batch is full and being written. */
  function place(array: BackupArray, index: number, value: BackupRows[BackupArray][number]) {
    const table = tableOf[array as Imported] as BackupTable | undefined;
    if (!table || !write || problems.size > 0) {
      plan(array, index, value, null);
      return undefined;
    }
    let batch = batches.get(table);
    if (!batch) {
      batch = [];
      batches.set(table, batch);
    }
    const start = batch.length;
    if (!plan(array, index, value, batch)) return undefined;
    let chars = batchText.get(table) ?? 0;
    for (let at = start; at < batch.length; at++) {
      const planned = batch[at];
      if (typeof planned === 'string') chars += planned.length;
    }
    batchText.set(table, chars);
    const columns = importColumns[table].length;
    let limit = batchLimits.get(table);
    if (limit === undefined) {
      limit = batchRows(columns) * columns;
      batchLimits.set(table, limit);
    }
    return batch.length >= limit || chars >= batchChars ? flush(table, false) : undefined;
  }

  /** Completes every array whose rows can all be planned now, parents before children. */
  async function settle(): Promise<void> {
    for (const array of backupArrays) {
      const parent = parentOf[array];
      if (complete.has(array) || (parent && !complete.has(parent))) continue;
      for (const [index, value] of waiting.get(array) ?? []) await place(array, index, value as never);
      waiting.delete(array);
      if (!ended.has(array)) continue;
      complete.add(array);
      if (array in tableOf) await flush(tableOf[array as Imported], true);
    }
  }

  return {
    row(array, index, value) {
      if (!isBackupArray(array) || problems.has(array) || ended.has(array)) return undefined;
      if (!seen.has(array)) {
        const calendar = array === 'calendarIntegrations' || array === 'taskCalendarEvents';
        seen.set(array, calendar ? null : new Set());
      }
      const check = checkRow(array, index, value, seen.get(array) ?? null);
      if ('problem' in check) {
        problems.set(array, check.problem);
        batches.clear();
        batchText.clear();
        waiting.clear();
        return undefined;
      }
      if (problems.size > 0) return undefined;
      const parent = parentOf[array];
      if (parent && !complete.has(parent)) {
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
      await writing;
      const problem = backupArrays.map((array) => problems.get(array)).find(Boolean) ?? null;
      const skipped = backupArrays.flatMap((array) => skippedBy.get(array) ?? []).slice(0, skippedListMax);
      return { counts, skipped, skippedCount, problem };
    },
  };
}
