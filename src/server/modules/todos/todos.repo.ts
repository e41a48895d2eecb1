import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Todo } from '../../../shared/schemas/todo.ts';
import type { Db } from '../../db/database.ts';
import type { TodosTable } from '../../db/schema.ts';
import { deleteOwnedRow, nextPosition, placeRows } from '../../lib/ordered-rows.ts';

export type TodoRow = Selectable<TodosTable>;

export const toTodo = (row: TodoRow): Todo => ({
  id: row.id,
  title: row.title,
  color: row.color,
  position: row.position,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The user's todos in their order; creation time breaks ties between equal positions. */
export function listTodos(db: Db, userId: string): Promise<TodoRow[]> {
  return db
    .selectFrom('todos')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function listTodoIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('todos').select('id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

export function findTodo(db: Db, userId: string, id: string): Promise<TodoRow | undefined> {
  return db
    .selectFrom('todos')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The position after the user's last todo (0 for the first). */
export const nextTodoPosition = (db: Db, userId: string) => nextPosition(db, { table: 'todos', userId });

export async function insertTodo(db: Db, row: Insertable<TodosTable>): Promise<void> {
  await db.insertInto('todos').values(row).execute();
}

export function updateTodo(
  db: Db,
  userId: string,
  id: string,
  changes: Pick<Updateable<TodosTable>, 'title' | 'color' | 'updated_at'>,
): Promise<TodoRow | undefined> {
  return db
    .updateTable('todos')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Its categories, tasks and subtasks go with it (ON DELETE CASCADE). */
export const deleteTodo = (db: Db, userId: string, id: string) => deleteOwnedRow(db, 'todos', userId, id);

/** Positions become each id's index in `ids`. */
export const setTodoPositions = (db: Db, userId: string, ids: readonly string[]) =>
  placeRows(db, { table: 'todos', userId, columns: [] }, ids);
