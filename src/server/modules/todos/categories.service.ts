import { messages } from '../../../shared/messages.ts';
import type { Category, CreateCategoryBody, UpdateCategoryBody } from '../../../shared/schemas/todo.ts';
import { notFound } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { newRowId, withClientId } from '../../lib/client-ids.ts';
import { checkChildOrder } from '../../lib/order-checks.ts';
import { lockParent } from '../../lib/ordered-rows.ts';
import { afterTaskHooks, tasksDeleting } from '../../lib/task-hooks.ts';
import {
  type CategoryRow,
  categoryIdsInTodo,
  deleteCategory,
  findCategoriesByIds,
  findCategoryByTitle,
  insertCategory,
  nextCategoryPosition,
  placeCategories,
  renameCategory,
  toCategory,
} from './categories.repo.ts';

const notFoundError = () => notFound(messages.api.notFound);

/**
 * Appends a category to a todo the caller has locked for appending (lockParent), which also checked it is
 * the user's. Call inside that transaction.
 */
async function appendCategory(
  trx: Db,
  userId: string,
  todoId: string,
  title: string,
  now: string,
  id?: string,
) {
  const row: CategoryRow = {
    id: newRowId(id),
    todo_id: todoId,
    user_id: userId,
    title,
    position: await nextCategoryPosition(trx, userId, todoId),
    created_at: now,
    updated_at: now,
  };
  await insertCategory(trx, row);
  return row;
}

/** Appends `New Category` (unless named) to one of the user's todos. */
export async function createCategory(
  deps: AppDeps,
  userId: string,
  body: CreateCategoryBody,
): Promise<Category> {
  const now = deps.now().toISOString();
  const title = body.title ?? messages.todos.newCategory;
  return withClientId('todo_categories', () =>
    deps.database.db.transaction().execute(async (trx) => {
      // Locked: parallel creates take turns, and a delete of the list waits or comes first (404).
      if (!(await lockParent(trx, 'todos', userId, body.todoId))) throw notFoundError();
      return toCategory(await appendCategory(trx, userId, body.todoId, title, now, body.id));
    }),
  );
}

/**
 * The todo's `No Category` category (docs/PRODUCT.md §4: an item created with no category gets one named so),
 * appended at the end when the todo has none. Call inside the transaction that then inserts the task,
 * after locking the todo for appending (lockParent), so two concurrent creates cannot both miss it.
 */
export async function noCategoryOf(
  trx: Db,
  userId: string,
  todoId: string,
  now: string,
): Promise<CategoryRow> {
  const title = messages.todos.noCategory;
  const existing = await findCategoryByTitle(trx, userId, todoId, title);
  return existing ?? appendCategory(trx, userId, todoId, title, now);
}

export async function changeCategory(
  deps: AppDeps,
  userId: string,
  id: string,
  body: UpdateCategoryBody,
): Promise<Category> {
  const row = await renameCategory(deps.database.db, userId, id, body.title, deps.now().toISOString());
  if (!row) throw notFoundError();
  return toCategory(row);
}

export async function removeCategory(deps: AppDeps, userId: string, id: string): Promise<void> {
  // Its tasks cascade away: the hooks capture their synced calendar events first, in this transaction.
  const queued = await deps.database.db.transaction().execute(async (trx) => {
    const queued = await tasksDeleting(deps, trx, userId, { column: 'category_id', value: id });
    if (!(await deleteCategory(trx, userId, id))) throw notFoundError();
    return queued;
  });
  afterTaskHooks(deps, queued);
}

/**
 * The new order of a todo's categories, in one transaction. A listed category of another of the user's
 * todos moves here, its tasks' todo_id following; the todos it left close their gaps. Every category
 * already in the todo must be listed (a category leaves only by being listed elsewhere).
 */
export async function orderCategories(
  deps: AppDeps,
  userId: string,
  todoId: string,
  ids: readonly string[],
): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    // Positions here become 0..n-1 (categories moved in included): no create may append meanwhile.
    if (!(await lockParent(trx, 'todos', userId, todoId))) throw notFoundError();
    const listed = await findCategoriesByIds(trx, userId, ids);
    const present = await categoryIdsInTodo(trx, userId, todoId);
    const leftBehind = checkChildOrder(ids, listed, present, todoId);

    await placeCategories(trx, userId, todoId, ids);
    for (const sourceId of leftBehind) {
      await placeCategories(trx, userId, sourceId, await categoryIdsInTodo(trx, userId, sourceId));
    }
  });
}
