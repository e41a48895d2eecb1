import type { Insertable, Selectable } from 'kysely';
import type { Category } from '../../../shared/schemas/todo.ts';
import type { Db } from '../../db/database.ts';
import type { TodoCategoriesTable } from '../../db/schema.ts';
import {
  deleteOwnedRow,
  findOwnedChildren,
  nextPosition,
  placeRows,
  siblingIds,
} from '../../lib/ordered-rows.ts';

export type CategoryRow = Selectable<TodoCategoriesTable>;

export const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  todoId: row.todo_id,
  title: row.title,
  position: row.position,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Every category of the user (the tree groups them by todo), in position order. */
export function listCategories(db: Db, userId: string): Promise<CategoryRow[]> {
  return db
    .selectFrom('todo_categories')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findCategory(db: Db, userId: string, id: string): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('todo_categories')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The first category of a todo with exactly this title, in order (the `No Category` lookup). */
export function findCategoryByTitle(
  db: Db,
  userId: string,
  todoId: string,
  title: string,
): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('todo_categories')
    .selectAll()
    .where('todo_id', '=', todoId)
    .where('user_id', '=', userId)
    .where('title', '=', title)
    .orderBy('position')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

const inTodo = (userId: string, todoId: string) =>
  ({ table: 'todo_categories', userId, parent: { column: 'todo_id', id: todoId } }) as const;

/** Those of `ids` the user owns, each with its todo as parentId (in no particular order). */
export const findCategoriesByIds = (db: Db, userId: string, ids: readonly string[]) =>
  findOwnedChildren(db, { table: 'todo_categories', parent: 'todo_id' }, userId, ids);

/** The categories of one todo in their order. */
export const categoryIdsInTodo = (db: Db, userId: string, todoId: string) =>
  siblingIds(db, inTodo(userId, todoId), ['created_at', 'id']);

export const nextCategoryPosition = (db: Db, userId: string, todoId: string) =>
  nextPosition(db, inTodo(userId, todoId));

export async function insertCategory(db: Db, row: Insertable<TodoCategoriesTable>): Promise<void> {
  await db.insertInto('todo_categories').values(row).execute();
}

export function renameCategory(
  db: Db,
  userId: string,
  id: string,
  title: string,
  at: string,
): Promise<CategoryRow | undefined> {
  return db
    .updateTable('todo_categories')
    .set({ title, updated_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Its tasks and their subtasks go with it (ON DELETE CASCADE). */
export const deleteCategory = (db: Db, userId: string, id: string) =>
  deleteOwnedRow(db, 'todo_categories', userId, id);

/**
 * Puts `ids` into `todoId` in this order (positions = index). Tasks of a category that changes todo
 * follow it: their todo_id is rewritten too. Call inside a transaction.
 */
export function placeCategories(db: Db, userId: string, todoId: string, ids: readonly string[]) {
  const todo = { column: 'todo_id', id: todoId } as const;
  return placeRows(db, { table: 'todo_categories', userId, columns: [todo] }, ids, {
    table: 'todo_items',
    under: 'category_id',
    column: todo,
  });
}

/** Open and done task counts per category of the user, from todo_items_counts_idx alone. */
export async function countTasksByCategory(db: Db, userId: string) {
  const rows = await db
    .selectFrom('todo_items')
    .select(['category_id', 'completed', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('user_id', '=', userId)
    .groupBy(['category_id', 'completed'])
    .execute();
  const counts = new Map<string, { activeCount: number; doneCount: number }>();
  for (const row of rows) {
    const entry = counts.get(row.category_id) ?? { activeCount: 0, doneCount: 0 };
    if (Number(row.completed) === 1) entry.doneCount += Number(row.count);
    else entry.activeCount += Number(row.count);
    counts.set(row.category_id, entry);
  }
  return counts;
}
