import type { Insertable, Selectable } from 'kysely';
import type { Category } from '../../../shared/schemas/todo.ts';
import type { Db } from '../../db/database.ts';
import type { TodoCategoriesTable } from '../../db/schema.ts';
import { orderChunks, positionCase } from '../notebooks/positions.ts';

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

/** Those of `ids` the user owns (in no particular order). */
export async function findCategoriesByIds(db: Db, userId: string, ids: readonly string[]) {
  const found: Array<Pick<CategoryRow, 'id' | 'todo_id'>> = [];
  for (const chunk of orderChunks(ids)) {
    const rows = await db
      .selectFrom('todo_categories')
      .select(['id', 'todo_id'])
      .where('user_id', '=', userId)
      .where('id', 'in', chunk.ids)
      .execute();
    found.push(...rows);
  }
  return found;
}

/** The categories of one todo in their order. */
export async function categoryIdsInTodo(db: Db, userId: string, todoId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('todo_categories')
    .select('id')
    .where('todo_id', '=', todoId)
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function nextCategoryPosition(db: Db, userId: string, todoId: string): Promise<number> {
  const row = await db
    .selectFrom('todo_categories')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('todo_id', '=', todoId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

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
export async function deleteCategory(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('todo_categories')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Puts `ids` into `todoId` in this order (positions = index). Tasks of a category that changes todo
 * follow it: their todo_id is rewritten too. Call inside a transaction.
 */
export async function placeCategories(
  db: Db,
  userId: string,
  todoId: string,
  ids: readonly string[],
): Promise<void> {
  for (const chunk of orderChunks(ids)) {
    await db
      .updateTable('todo_categories')
      .set({ todo_id: todoId, position: positionCase(chunk.ids, chunk.offset) })
      .where('user_id', '=', userId)
      .where('id', 'in', chunk.ids)
      .execute();
    await db
      .updateTable('todo_items')
      .set({ todo_id: todoId })
      .where('user_id', '=', userId)
      .where('category_id', 'in', chunk.ids)
      .where('todo_id', '!=', todoId)
      .execute();
  }
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
