import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Label } from '../../../shared/schemas/label.ts';
import type { Db } from '../../db/database.ts';
import type { LabelsTable } from '../../db/schema.ts';

export type LabelRow = Selectable<LabelsTable>;

export const toLabel = (row: LabelRow, taskCount: number): Label => ({
  id: row.id,
  name: row.name,
  color: row.color,
  taskCount,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The user's labels by name, each with its tasks counted on task_labels_label_idx (no task rows read). */
export async function listLabels(db: Db, userId: string): Promise<Label[]> {
  const rows = await db
    .selectFrom('labels as l')
    .selectAll('l')
    .select((eb) =>
      eb
        .selectFrom('task_labels as tl')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .whereRef('tl.label_id', '=', 'l.id')
        .as('task_count'),
    )
    .where('l.user_id', '=', userId)
    .orderBy('l.name_key')
    .orderBy('l.id')
    .execute();
  return rows.map((row) => toLabel(row, Number(row.task_count ?? 0)));
}

export function findLabel(db: Db, userId: string, id: string): Promise<LabelRow | undefined> {
  return db
    .selectFrom('labels')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Those of `ids` the user owns. */
export async function ownedLabelIds(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('labels')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function countLabelTasks(db: Db, userId: string, labelId: string): Promise<number> {
  const row = await db
    .selectFrom('task_labels')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('label_id', '=', labelId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertLabel(db: Db, row: Insertable<LabelsTable>): Promise<void> {
  await db.insertInto('labels').values(row).execute();
}

/** Inserts the labels whose name is free; a name taken meanwhile (the unique index) is left as it is. */
export async function insertMissingLabels(db: Db, rows: Insertable<LabelsTable>[]): Promise<void> {
  await db
    .insertInto('labels')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['user_id', 'name_key']).doNothing())
    .execute();
}

/** The user's labels among `keys` (names in `labelNameKey` form), by key. */
export async function labelIdsByKey(
  db: Db,
  userId: string,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('labels')
    .select(['id', 'name_key'])
    .where('user_id', '=', userId)
    .where('name_key', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.name_key, row.id]));
}

export function updateLabel(
  db: Db,
  userId: string,
  id: string,
  changes: Pick<Updateable<LabelsTable>, 'name' | 'name_key' | 'color' | 'updated_at'>,
): Promise<LabelRow | undefined> {
  return db
    .updateTable('labels')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** It leaves every task that had it (ON DELETE CASCADE on task_labels); the tasks stay. */
export async function deleteLabel(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('labels')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Label ids per task, each task's by label name, for the tasks `which` selects: one query whatever the
 * number of tasks (the primary key's leading task_id finds them).
 */
export async function labelIdsByTask(
  db: Db,
  userId: string,
  which: { taskIds: readonly string[] } | { categoryId: string } | { labelId: string },
): Promise<Map<string, string[]>> {
  if ('taskIds' in which && which.taskIds.length === 0) return new Map();
  const base = db
    .selectFrom('task_labels as tl')
    .innerJoin('labels as l', 'l.id', 'tl.label_id')
    .select(['tl.task_id', 'tl.label_id'])
    .where('tl.user_id', '=', userId);
  // The tasks of a category or of a label by a subquery: a long list of ids would be a statement as
  // long (and past SQLite's bound parameters for a label on 30,000 tasks).
  const query =
    'taskIds' in which
      ? base.where('tl.task_id', 'in', which.taskIds)
      : 'categoryId' in which
        ? base.where('tl.task_id', 'in', (eb) =>
            eb
              .selectFrom('todo_items')
              .select('id')
              .where('category_id', '=', which.categoryId)
              .where('user_id', '=', userId),
          )
        : base.where('tl.task_id', 'in', (eb) =>
            eb
              .selectFrom('task_labels')
              .select('task_id')
              .where('label_id', '=', which.labelId)
              .where('user_id', '=', userId),
          );
  const rows = await query.orderBy('l.name_key').execute();
  const byTask = new Map<string, string[]>();
  for (const row of rows) {
    const ids = byTask.get(row.task_id) ?? [];
    ids.push(row.label_id);
    byTask.set(row.task_id, ids);
  }
  return byTask;
}

/** The task's labels become exactly `labelIds` (already checked to be the user's). */
export async function setTaskLabels(
  db: Db,
  userId: string,
  taskId: string,
  labelIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('task_labels').where('task_id', '=', taskId).where('user_id', '=', userId).execute();
  if (labelIds.length === 0) return;
  await db
    .insertInto('task_labels')
    .values(labelIds.map((labelId) => ({ task_id: taskId, label_id: labelId, user_id: userId })))
    .execute();
}

/**
 * The tasks that have a label, across every list, with their list's and category's titles: in the
 * sidebar's order (list, category, then task position). Starts from task_labels_label_idx.
 */
export function listLabelTaskRows(db: Db, userId: string, labelId: string) {
  return db
    .selectFrom('task_labels as tl')
    .innerJoin('todo_items as i', 'i.id', 'tl.task_id')
    .innerJoin('todo_categories as c', 'c.id', 'i.category_id')
    .innerJoin('todos as t', 't.id', 'i.todo_id')
    .selectAll('i')
    .select(['t.title as todo_title', 'c.title as category_title'])
    .where('tl.label_id', '=', labelId)
    .where('tl.user_id', '=', userId)
    .where('i.user_id', '=', userId)
    .orderBy('t.position')
    .orderBy('c.position')
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();
}
