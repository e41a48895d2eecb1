import { type CompiledQuery, createQueryId } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type BackupTable, importColumns } from './backup-tables.ts';

export type { BackupTable };

/** The tables exported by position, a page of ids at a time. */
export type PositionedTable = Exclude<
  BackupTable,
  'labels' | 'task_labels' | 'task_occurrences' | 'task_reminders'
>;

/** The tables whose export rows this file reads. */
export type ExportedHere = Exclude<
  BackupTable,
  'todo_items' | 'labels' | 'task_labels' | 'task_occurrences' | 'task_reminders'
>;

/**
 * The columns each table's export rows carry, in the file's field order (docs/PRODUCT.md §3 plus created_at). Tasks
 * are read by the todos module's readTasks (backup.service.ts), in the same order.
 */
export const exportColumns = {
  notebooks: ['id', 'user_id', 'title', 'color', 'position', 'created_at', 'updated_at'],
  sections: ['id', 'notebook_id', 'title', 'position', 'created_at', 'updated_at'],
  notes: ['id', 'section_id', 'notebook_id', 'title', 'content', 'position', 'created_at', 'updated_at'],
  todos: ['id', 'user_id', 'title', 'color', 'position', 'created_at', 'updated_at'],
  todo_categories: ['id', 'todo_id', 'title', 'position', 'created_at', 'updated_at'],
  todo_subtasks: ['id', 'todo_item_id', 'text', 'completed', 'position', 'created_at', 'updated_at'],
} as const satisfies { [T in ExportedHere]: ReadonlyArray<keyof Database[T] & string> };

/**
 * The user's row ids of a table in export order (docs/PRODUCT.md §7: by position; id breaks ties so the order is
 * stable). Ids only: a few MB even for a very large account, and the rows are read a page at a time.
 */
export async function listExportIds(db: Db, table: PositionedTable, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** One page of export rows, by id (ownership checked again), in no particular order. */
export async function readExportRows(
  db: Db,
  table: ExportedHere,
  userId: string,
  ids: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom(table)
    .select(exportColumns[table])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute() as Promise<Array<Record<string, unknown>>>;
}

/** The user's labels in the file's fields, by name (a few hundred at most: read at once). */
export function readExportLabels(db: Db, userId: string) {
  return db
    .selectFrom('labels')
    .select(['id', 'name', 'color', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
}

/**
 * A page of the user's task-label pairs after `after` (by task, then label: the primary key's order),
 * so a large account's pairs are never all in memory.
 */
export function readExportTaskLabels(
  db: Db,
  userId: string,
  after: { task_id: string; label_id: string } | null,
  limit: number,
) {
  return db
    .selectFrom('task_labels')
    .select(['task_id', 'label_id'])
    .where('user_id', '=', userId)
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb.or([
          eb('task_id', '>', after?.task_id ?? ''),
          eb.and([eb('task_id', '=', after?.task_id ?? ''), eb('label_id', '>', after?.label_id ?? '')]),
        ]),
      ),
    )
    .orderBy('task_id')
    .orderBy('label_id')
    .limit(limit)
    .execute();
}

/** The account's labels by name key: an appending import's labels of the same name join them. */
export async function existingLabelKeys(db: Db, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('labels')
    .select(['id', 'name_key'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.name_key, row.id]));
}

/** The position after the user's last top-level row (0 for none), so appended imports follow. */
export async function nextTopPosition(db: Db, table: 'notebooks' | 'todos', userId: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('last'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const last = row?.last;
  return last === null || last === undefined ? 0 : Number(last) + 1;
}

/** The ids of the user's to-do lists (an import clearing existing data tells the task hooks first). */
export async function listTodoIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('todos').select('id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes the user's notes and todos, in the original brief's order (docs/PRODUCT.md §7.3): notes, sections,
 * notebooks, then subtasks, tasks, categories, lists (connected calendars stay; a task's events go with it). Children first,
 * so no cascade does hidden work. The caller runs this inside the import's transaction.
 */
export async function deleteAccountData(trx: Db, userId: string): Promise<void> {
  const order: BackupTable[] = [
    'notes',
    'sections',
    'notebooks',
    'task_labels',
    'labels',
    'task_occurrences',
    'task_reminders',
    'todo_subtasks',
    'todo_items',
    'todo_categories',
    'todos',
  ];
  for (const table of order) {
    await trx.deleteFrom(table).where('user_id', '=', userId).execute();
  }
}

/**
 * Bound parameters per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535, and small enough that one
 * statement's text stays cheap to build. Larger statements were measured (docs/performance.md): on SQLite fewer of
 * them save the tasks' FTS5 index some work (it flushes at every statement: 30,000 tasks took 0.49 s
 * of CPU at 666 rows a statement, 0.37 s at 2,700), but the batches they need raised a 100,000-row
 * import's peak memory by ~40 MB, and PostgreSQL's CPU did not change with the statement size (100 to
 * 5,000 rows). How much text a batch holds is bounded by the planner (batchChars).
 */
const parametersPerInsert = 8_000;

/** Rows per multi-row INSERT for a table whose rows have `columns` values each. */
export const rowsPerInsert = (columns: number) => Math.max(1, Math.floor(parametersPerInsert / columns));

/**
 * A writer of multi-row INSERTs inside the caller's transaction, one statement per call: `values` holds
 * whole rows, one after another, in importColumns[table] order (at most rowsPerInsert rows). Each
 * table's statement for a row count is built and compiled by Kysely once and run again with the next
 * batch's values as its parameters: building the query tree for 100,000 rows cost about a third of a
 * second.
 */
export function createRowWriter(trx: Db) {
  const compiled = new Map<string, { query: CompiledQuery; inOrder: boolean }>();
  return async (table: BackupTable, values: unknown[]) => {
    const columns = importColumns[table];
    const rows = values.length / columns.length;
    if (rows < 1) return;
    const key = `${table} ${rows}`;
    let statement = compiled.get(key);
    if (!statement) {
      const query = compileInsert(trx, table, columns, rows);
      // Kysely lays the parameters out row by row in column order, so they are `values` as they are.
      const inOrder = query.parameters.every((index, at) => index === at);
      statement = { query, inOrder };
      compiled.set(key, statement);
    }
    const { query, inOrder } = statement;
    // The compiled statement's parameters are the values' indexes (see compileInsert).
    const parameters = inOrder ? values : query.parameters.map((index) => values[index as number]);
    await trx.executeQuery({ ...query, queryId: createQueryId(), parameters });
  };
}

/** An INSERT of `count` rows whose bound parameters are the flat indexes (row * columns + column). */
function compileInsert(
  trx: Db,
  table: BackupTable,
  columns: readonly string[],
  count: number,
): CompiledQuery {
  const placeholders = Array.from({ length: count }, (_, row) =>
    Object.fromEntries(columns.map((column, index) => [column, row * columns.length + index])),
  );
  // The placeholders are numbers standing for any column's value, which the table's types cannot say.
  return trx
    .insertInto(table)
    .values(placeholders as never)
    .compile();
}

/**
 * Whether any of the user's tasks has an event in a connected calendar: deleting those tasks must queue
 * the events' deletion in the same transaction (the task hooks), which only the server's thread can do.
 */
export async function hasCalendarEvents(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('task_calendar_events')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's default reminder (minutes before the due time; null = none), for the export. */
export async function readDefaultReminder(db: Db, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('user_profiles')
    .select('default_reminder_minutes')
    .where('id', '=', userId)
    .executeTakeFirst();
  const minutes = row?.default_reminder_minutes;
  return minutes === null || minutes === undefined ? null : Number(minutes);
}

export async function writeDefaultReminder(db: Db, userId: string, minutes: number | null, at: string) {
  await db
    .updateTable('user_profiles')
    .set({ default_reminder_minutes: minutes, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** A page of the user's reminders after `after` (by id), for the export's taskReminders: rules, no snoozes. */
export function readExportReminders(db: Db, userId: string, after: string | null, limit: number) {
  return db
    .selectFrom('task_reminders')
    .select(['id', 'task_id', 'kind', 'offset_minutes', 'created_at'])
    .where('user_id', '=', userId)
    .where('kind', 'in', ['atDue', 'before'])
    .$if(after !== null, (query) => query.where('id', '>', after ?? ''))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The user's reminders an import left unscheduled (fire_at null on a dated, open task): their tasks, for
 * the task hooks to schedule.
 */
export async function tasksWithUnscheduledReminders(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('task_reminders')
    .innerJoin('todo_items', 'todo_items.id', 'task_reminders.task_id')
    .select('task_reminders.task_id')
    .distinct()
    .where('task_reminders.user_id', '=', userId)
    .where('task_reminders.kind', 'in', ['atDue', 'before'])
    .where('task_reminders.fire_at', 'is', null)
    .where('todo_items.due_date', 'is not', null)
    .where('todo_items.completed', '=', 0)
    .execute();
  return rows.map((row) => row.task_id);
}

/** A page of the user's occurrence history after `after` (by id), for the export's taskOccurrences. */
export function readExportOccurrences(db: Db, userId: string, after: string | null, limit: number) {
  return db
    .selectFrom('task_occurrences')
    .select(['id', 'task_id', 'occurrence_date', 'occurrence_time', 'action', 'at'])
    .where('user_id', '=', userId)
    .$if(after !== null, (query) => query.where('id', '>', after ?? ''))
    .orderBy('id')
    .limit(limit)
    .execute();
}
