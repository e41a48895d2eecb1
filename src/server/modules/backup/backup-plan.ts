import type { Insertable } from 'kysely';
import { type BackupArray, backupArrays } from '../../../shared/domain/backup-format.ts';
import { messages } from '../../../shared/messages.ts';
import type { BackupRows, ImportCounts, SkippedRow } from '../../../shared/schemas/backup.ts';
import { skippedListMax } from '../../../shared/schemas/backup.ts';
import type { Database } from '../../db/schema.ts';
import { checkRow } from './backup-validation.ts';

/** The tables an import writes, in the order they must be inserted (parents first). */
export const backupTables = [
  'notebooks',
  'sections',
  'notes',
  'todos',
  'todo_categories',
  'todo_items',
  'todo_subtasks',
] as const;
export type BackupTable = (typeof backupTables)[number];

/** Writes a batch of planned rows into one table (the import's transaction); absent for a dry run. */
export type WriteBatch = (
  table: BackupTable,
  rows: Array<Insertable<Database[BackupTable]>>,
) => Promise<void>;

export interface PlanOptions {
  userId: string;
  /** ISO timestamp for rows whose file gives none. */
  now: string;
  newId: () => string;
  /** Added to the file's positions of notebooks and lists, to place them after the account's own. */
  offsets?: { notebooks: number; todos: number };
  write?: WriteBatch;
  /** Rows per batch handed to `write` for a table whose rows have `columns` keys. */
  batchRows?: (columns: number) => number;
}

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
  const batches = new Map<BackupTable, Array<Insertable<Database[BackupTable]>>>();
  const batchLimits = new Map<BackupTable, number>();
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
  const times = (row: { created_at?: string | null; updated_at?: string | null }) => {
    const created = row.created_at ?? row.updated_at ?? now;
    return { created_at: created, updated_at: row.updated_at ?? created };
  };

  /** The row to insert for a valid row of `array`, or null when its parent is missing (or not imported). */
  function plan(array: BackupArray, index: number, value: BackupRows[BackupArray][number]) {
    switch (array) {
      case 'notebooks': {
        const row = value as BackupRows['notebooks'][number];
        const id = newId();
        notebookIds.set(row.id, id);
        counts.notebooks += 1;
        const { title } = row;
        const position = (row.position ?? index) + offsets.notebooks;
        return { id, user_id: userId, title, color: row.color ?? '#3B82F6', position, ...times(row) };
      }
      case 'sections': {
        const row = value as BackupRows['sections'][number];
        const notebookId = notebookIds.get(row.notebook_id);
        if (!notebookId) return skip(array, index, m.parentMissing('notebook'));
        const id = newId();
        sectionIds.set(row.id, [id, notebookId]);
        counts.sections += 1;
        const position = row.position ?? index;
        return { id, notebook_id: notebookId, user_id: userId, title: row.title, position, ...times(row) };
      }
      case 'notes': {
        const row = value as BackupRows['notes'][number];
        const section = sectionIds.get(row.section_id);
        if (!section) return skip(array, index, m.parentMissing('section'));
        counts.notes += 1;
        return {
          id: newId(),
          section_id: section[0],
          notebook_id: section[1],
          user_id: userId,
          title: row.title,
          content: row.content ?? '',
          position: row.position ?? index,
          version: 1,
          ...times(row),
        };
      }
      case 'todos': {
        const row = value as BackupRows['todos'][number];
        const id = newId();
        todoIds.set(row.id, id);
        counts.todoLists += 1;
        const position = (row.position ?? index) + offsets.todos;
        return {
          id,
          user_id: userId,
          title: row.title,
          color: row.color ?? '#10B981',
          position,
          ...times(row),
        };
      }
      case 'todoCategories': {
        const row = value as BackupRows['todoCategories'][number];
        const todoId = todoIds.get(row.todo_id);
        if (!todoId) return skip(array, index, m.parentMissing('to-do list'));
        const id = newId();
        categoryIds.set(row.id, [id, todoId]);
        counts.categories += 1;
        const position = row.position ?? index;
        return { id, todo_id: todoId, user_id: userId, title: row.title, position, ...times(row) };
      }
      case 'todoItems': {
        const row = value as BackupRows['todoItems'][number];
        const category = categoryIds.get(row.category_id);
        if (!category) return skip(array, index, m.parentMissing('category'));
        const id = newId();
        itemIds.set(row.id, id);
        counts.todoItems += 1;
        return {
          id,
          category_id: category[0],
          todo_id: category[1],
          user_id: userId,
          text: row.text,
          completed: row.completed ? 1 : 0,
          due_date: row.due_date ?? null,
          priority: row.priority ?? 'medium',
          // Spec §5: an estimate of zero is no estimate.
          estimated_time: row.estimated_time ? row.estimated_time : null,
          position: row.position ?? index,
          ...times(row),
        };
      }
      case 'todoSubtasks': {
        const row = value as BackupRows['todoSubtasks'][number];
        const itemId = itemIds.get(row.todo_item_id);
        if (!itemId) return skip(array, index, m.parentMissing('task'));
        counts.subtasks += 1;
        return {
          id: newId(),
          todo_item_id: itemId,
          user_id: userId,
          text: row.text,
          completed: row.completed ? 1 : 0,
          position: row.position ?? index,
          ...times(row),
        };
      }
      // A backup holds no calendar credentials (never exported), so connections and their event links
      // cannot be restored: the rows are reported, not silently lost.
      default:
        return skip(array, index, m.calendarNotRestored);
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
    if (batch.length === 0 && !all) return;
    await writing;
    writing = write(table, batch);
    writing.catch(() => undefined);
  }

  /** Plans a valid row; answers a promise when its table's batch is full and being written. */
  function place(array: BackupArray, index: number, value: BackupRows[BackupArray][number]) {
    const row = plan(array, index, value);
    if (!row || !write || problems.size > 0) return undefined;
    const table = tableOf[array as Imported];
    let batch = batches.get(table);
    if (!batch) {
      batch = [];
      batches.set(table, batch);
    }
    batch.push(row as Insertable<Database[BackupTable]>);
    let limit = batchLimits.get(table);
    if (limit === undefined) {
      limit = batchRows(Object.keys(row).length);
      batchLimits.set(table, limit);
    }
    return batch.length >= limit ? flush(table, false) : undefined;
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
