import { pickRandomColor, todoColors } from '../../../shared/domain/colors.ts';
import { messages } from '../../../shared/messages.ts';
import type {
  CreateTodoBody,
  Todo,
  TodosTree,
  TreeTodo,
  UpdateTodoBody,
} from '../../../shared/schemas/todo.ts';
import { notFound } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { newRowId, withClientId } from '../../lib/client-ids.ts';
import { checkWholeOrder } from '../../lib/order-checks.ts';
import { lockOwner } from '../../lib/ordered-rows.ts';
import { afterTaskHooks, tasksDeleting } from '../../lib/task-hooks.ts';
import { countTasksByCategory, listCategories, toCategory } from './categories.repo.ts';
import {
  deleteTodo,
  insertTodo,
  listTodoIds,
  listTodos,
  nextTodoPosition,
  setTodoPositions,
  toTodo,
  updateTodo,
} from './todos.repo.ts';

const notFoundError = () => notFound(messages.api.notFound);

/**
 * Todos by position, each with its categories by position and their open/done task counts. Three
 * queries in one snapshot (repeatable read on PostgreSQL), assembled in memory.
 */
export async function loadTodosTree(deps: AppDeps, userId: string): Promise<TodosTree> {
  const { db, engine } = deps.database;
  const transaction =
    engine === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  const [todos, categories, counts] = await transaction.execute((trx) =>
    Promise.all([listTodos(trx, userId), listCategories(trx, userId), countTasksByCategory(trx, userId)]),
  );
  const byId = new Map<string, TreeTodo>();
  const tree: TodosTree = { todos: [] };
  for (const row of todos) {
    const todo: TreeTodo = { ...toTodo(row), categories: [] };
    byId.set(row.id, todo);
    tree.todos.push(todo);
  }
  for (const row of categories) {
    const count = counts.get(row.id) ?? { activeCount: 0, doneCount: 0 };
    byId.get(row.todo_id)?.categories.push({ ...toCategory(row), ...count });
  }
  return tree;
}

/** Appends a todo: `New Todo` in a random one of the spec's six todo colours unless given. */
export async function createTodo(deps: AppDeps, userId: string, body: CreateTodoBody): Promise<Todo> {
  const now = deps.now().toISOString();
  return withClientId('todos', () =>
    deps.database.db.transaction().execute(async (trx) => {
      // Parallel creates take turns, so each reads the last position the one before it wrote.
      if (!(await lockOwner(trx, userId))) throw notFoundError();
      const row = {
        id: newRowId(body.id),
        user_id: userId,
        title: body.title ?? messages.todos.newTodo,
        color: body.color ?? pickRandomColor(todoColors),
        position: await nextTodoPosition(trx, userId),
        created_at: now,
        updated_at: now,
      };
      await insertTodo(trx, row);
      return toTodo(row);
    }),
  );
}

export async function changeTodo(
  deps: AppDeps,
  userId: string,
  id: string,
  body: UpdateTodoBody,
): Promise<Todo> {
  const row = await updateTodo(deps.database.db, userId, id, {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.color !== undefined ? { color: body.color } : {}),
    updated_at: deps.now().toISOString(),
  });
  if (!row) throw notFoundError();
  return toTodo(row);
}

export async function removeTodo(deps: AppDeps, userId: string, id: string): Promise<void> {
  // One statement: the database cascades to categories, tasks and subtasks atomically. The hooks first
  // capture what goes with them (synced calendar events), in the same transaction.
  const queued = await deps.database.db.transaction().execute(async (trx) => {
    const queued = await tasksDeleting(deps, trx, userId, { column: 'todo_id', value: id });
    if (!(await deleteTodo(trx, userId, id))) throw notFoundError();
    return queued;
  });
  afterTaskHooks(deps, queued);
}

/** `ids` must name each of the user's todos exactly once; positions become the index. */
export async function reorderTodos(deps: AppDeps, userId: string, ids: readonly string[]): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    checkWholeOrder(ids, new Set(await listTodoIds(trx, userId)));
    await setTodoPositions(trx, userId, ids);
  });
}
