import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Subtask } from '../../../shared/schemas/task.ts';
import type { Db } from '../../db/database.ts';
import type { TodoSubtasksTable } from '../../db/schema.ts';
import { deleteOwnedRow, nextPosition, placeRows } from '../../lib/ordered-rows.ts';

export type SubtaskRow = Selectable<TodoSubtasksTable>;

export const toSubtask = (row: SubtaskRow): Subtask => ({
  id: row.id,
  taskId: row.todo_item_id,
  text: row.text,
  completed: Number(row.completed) === 1,
  position: row.position,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A task's subtasks in order. */
export function listSubtasks(db: Db, userId: string, taskId: string): Promise<SubtaskRow[]> {
  return db
    .selectFrom('todo_subtasks')
    .selectAll()
    .where('todo_item_id', '=', taskId)
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findSubtask(db: Db, userId: string, id: string): Promise<SubtaskRow | undefined> {
  return db
    .selectFrom('todo_subtasks')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export const nextSubtaskPosition = (db: Db, userId: string, taskId: string) =>
  nextPosition(db, { table: 'todo_subtasks', userId, parent: { column: 'todo_item_id', id: taskId } });

export async function insertSubtask(db: Db, row: Insertable<TodoSubtasksTable>): Promise<void> {
  await db.insertInto('todo_subtasks').values(row).execute();
}

export function updateSubtask(
  db: Db,
  userId: string,
  id: string,
  changes: Pick<Updateable<TodoSubtasksTable>, 'text' | 'completed' | 'updated_at'>,
): Promise<SubtaskRow | undefined> {
  return db
    .updateTable('todo_subtasks')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export const deleteSubtask = (db: Db, userId: string, id: string) =>
  deleteOwnedRow(db, 'todo_subtasks', userId, id);

/** Positions become each id's index in `ids` (all of one task's subtasks, so their task is unchanged). */
export const setSubtaskPositions = (db: Db, userId: string, taskId: string, ids: readonly string[]) =>
  placeRows(db, { table: 'todo_subtasks', userId, columns: [{ column: 'todo_item_id', id: taskId }] }, ids);

export interface SubtaskCounts {
  total: number;
  completed: number;
}

/**
 * The subtasks of listed tasks counted, in one grouped query on todo_subtasks_item_idx (no subtask rows
 * come back): the tasks by id (a plan view's page), or every task of a category by a subquery (a long
 * list of ids would be a statement as long). A task without subtasks is absent from the map.
 */
export async function subtaskCountsByTask(
  db: Db,
  userId: string,
  which: { taskIds: readonly string[] } | { categoryId: string },
): Promise<Map<string, SubtaskCounts>> {
  if ('taskIds' in which && which.taskIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('todo_subtasks')
    .select((eb) => [
      'todo_item_id',
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string | null>('completed').as('completed'),
    ])
    .$call((query) =>
      'taskIds' in which
        ? // Ids the caller read as this user's tasks: a subtask belongs to its task's owner, so the
          // index alone answers (a user_id test would read each of the thousands of subtask rows).
          query.where('todo_item_id', 'in', (eb) =>
            eb
              .selectFrom('todo_items')
              .select('id')
              .where('id', 'in', which.taskIds)
              .where('user_id', '=', userId),
          )
        : query.where('todo_item_id', 'in', (eb) =>
            eb
              .selectFrom('todo_items')
              .select('id')
              .where('category_id', '=', which.categoryId)
              .where('user_id', '=', userId),
          ),
    )
    .groupBy('todo_item_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.todo_item_id,
      { total: Number(row.total), completed: Number(row.completed ?? 0) },
    ]),
  );
}
