import { messages } from '../../../shared/messages.ts';
import type { CreateSubtaskBody, Subtask, UpdateSubtaskBody } from '../../../shared/schemas/task.ts';
import { notFound } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { newRowId, withClientId } from '../../lib/client-ids.ts';
import { checkWholeOrder } from '../../lib/order-checks.ts';
import { lockParent } from '../../lib/ordered-rows.ts';
import { afterTaskHooks, tasksChanged } from '../../lib/task-hooks.ts';
import {
  deleteSubtask,
  findSubtask,
  insertSubtask,
  listSubtasks,
  nextSubtaskPosition,
  type SubtaskRow,
  setSubtaskPositions,
  toSubtask,
  updateSubtask,
} from './subtasks.repo.ts';
import { findTask } from './tasks.repo.ts';

const notFoundError = () => notFound(messages.api.notFound);
const taskScope = (taskId: string) => ({ column: 'id', value: taskId }) as const;

/** Appends a subtask (non-blank trimmed text, docs/PRODUCT.md §5) to one of the user's tasks. */
export async function createSubtask(
  deps: AppDeps,
  userId: string,
  taskId: string,
  body: CreateSubtaskBody,
): Promise<Subtask> {
  const now = deps.now().toISOString();
  const { subtask, queued } = await withClientId('todo_subtasks', () =>
    deps.database.db.transaction().execute(async (trx) => {
      // Locked: parallel creates take turns, and a delete of the task waits or comes first (404).
      if (!(await lockParent(trx, 'todo_items', userId, taskId))) throw notFoundError();
      const row: SubtaskRow = {
        id: newRowId(body.id),
        todo_item_id: taskId,
        user_id: userId,
        text: body.text,
        completed: 0,
        position: await nextSubtaskPosition(trx, userId, taskId),
        created_at: now,
        updated_at: now,
      };
      await insertSubtask(trx, row);
      // A synced task's event lists its subtasks: the calendar follows (task-hooks.ts).
      return { subtask: toSubtask(row), queued: await tasksChanged(deps, trx, userId, taskScope(taskId)) };
    }),
  );
  afterTaskHooks(deps, queued);
  return subtask;
}

export async function changeSubtask(
  deps: AppDeps,
  userId: string,
  id: string,
  body: UpdateSubtaskBody,
): Promise<Subtask> {
  const { row, queued } = await deps.database.db.transaction().execute(async (trx) => {
    const row = await updateSubtask(trx, userId, id, {
      ...(body.text !== undefined ? { text: body.text } : {}),
      ...(body.completed !== undefined ? { completed: body.completed ? 1 : 0 } : {}),
      updated_at: deps.now().toISOString(),
    });
    if (!row) throw notFoundError();
    return { row, queued: await tasksChanged(deps, trx, userId, taskScope(row.todo_item_id)) };
  });
  afterTaskHooks(deps, queued);
  return toSubtask(row);
}

export async function removeSubtask(deps: AppDeps, userId: string, id: string): Promise<void> {
  const queued = await deps.database.db.transaction().execute(async (trx) => {
    const subtask = await findSubtask(trx, userId, id);
    if (!subtask || !(await deleteSubtask(trx, userId, id))) throw notFoundError();
    return tasksChanged(deps, trx, userId, taskScope(subtask.todo_item_id));
  });
  afterTaskHooks(deps, queued);
}

/** `ids` must name each of the task's subtasks exactly once; positions become the index. */
export async function orderSubtasks(
  deps: AppDeps,
  userId: string,
  taskId: string,
  ids: readonly string[],
): Promise<void> {
  const queued = await deps.database.db.transaction().execute(async (trx) => {
    if (!(await findTask(trx, userId, taskId))) throw notFoundError();
    checkWholeOrder(ids, new Set((await listSubtasks(trx, userId, taskId)).map((row) => row.id)));
    await setSubtaskPositions(trx, userId, taskId, ids);
    return tasksChanged(deps, trx, userId, taskScope(taskId));
  });
  afterTaskHooks(deps, queued);
}
