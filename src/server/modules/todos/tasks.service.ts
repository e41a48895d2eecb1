import { defaultPriority } from '../../../shared/domain/task-display.ts';
import { messages } from '../../../shared/messages.ts';
import type { CategoryTasksQuery } from '../../../shared/schemas/label.ts';
import type {
  CreateTaskBody,
  Task,
  TaskDetail,
  TaskListItem,
  UpdateTaskBody,
} from '../../../shared/schemas/task.ts';
import { AppError, badRequest, notFound } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { newRowId, withClientId } from '../../lib/client-ids.ts';
import { checkChildOrder } from '../../lib/order-checks.ts';
import { lockParent } from '../../lib/ordered-rows.ts';
import { afterTaskHooks, tasksChanged, tasksCreated, tasksDeleting } from '../../lib/task-hooks.ts';
import { findCategory } from './categories.repo.ts';
import { noCategoryOf } from './categories.service.ts';
import { labelIdsByTask } from './labels.repo.ts';
import { labelIdsForNames, replaceTaskLabels } from './labels.service.ts';
import { checkRepeatHasDate, firstDueDate, passOccurrence, repeatColumns } from './recurrence.service.ts';
import { listSubtasks, toSubtask } from './subtasks.repo.ts';
import {
  deleteTask,
  findTask,
  findTaskForCompletion,
  findTasksByIds,
  insertTask,
  listCategoryTasks,
  listTaskIndex,
  nextTaskPosition,
  placeTasks,
  type TaskChanges,
  type TaskRow,
  taskIdsInCategory,
  toTask,
  updateTask,
} from './tasks.repo.ts';

const notFoundError = () => notFound(messages.api.notFound);

const labelIdsOf = async (db: Db, userId: string, taskId: string) =>
  (await labelIdsByTask(db, userId, { taskIds: [taskId] })).get(taskId) ?? [];

/** Reads that must agree with each other run in one snapshot (PostgreSQL needs repeatable read). */
export function snapshot(deps: AppDeps) {
  const { db, engine } = deps.database;
  return engine === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
}

/**
 * Appends `New Task` (unless given text; with the due date and priority given, if any) to a category of
 * one of the user's todos. Without a category it goes to the todo's `No Category`, created in the same
 * transaction when the todo has none.
 */
export async function createTask(deps: AppDeps, userId: string, body: CreateTaskBody): Promise<Task> {
  const now = deps.now().toISOString();
  // A clash of a client-made id rolls back the whole create (its `No Category`, its new labels).
  const { task, queued } = await withClientId('todo_items', () => createTaskRows(deps, userId, body, now));
  afterTaskHooks(deps, queued);
  return task;
}

function createTaskRows(deps: AppDeps, userId: string, body: CreateTaskBody, now: string) {
  return deps.database.db.transaction().execute(async (trx) => {
    // Top-down, as a cascading delete locks: the todo (the task references it too; appending when
    // `No Category` may have to be created), then the category the task is appended to.
    const todoLock = body.categoryId ? 'keep' : 'append';
    if (!(await lockParent(trx, 'todos', userId, body.todoId, todoLock))) throw notFoundError();
    const categoryId = body.categoryId ?? (await noCategoryOf(trx, userId, body.todoId, now)).id;
    // A repeat without a date gets one (its first occurrence), so its time stands too.
    const dueTime = body.dueDate || body.repeat ? (body.dueTime ?? null) : null;
    const dueDate =
      body.dueDate ?? (body.repeat ? await firstDueDate(deps, trx, userId, body.repeat, dueTime) : null);
    if (!(await lockParent(trx, 'todo_categories', userId, categoryId))) throw notFoundError();
    // Read under the lock, so it cannot move to another todo before the insert.
    const category = await findCategory(trx, userId, categoryId);
    // A category of another todo is not "in this todo": the same answer as a missing one.
    if (!category || category.todo_id !== body.todoId) throw notFoundError();
    const row: TaskRow = {
      id: newRowId(body.id),
      category_id: category.id,
      todo_id: body.todoId,
      user_id: userId,
      text: body.text ?? messages.todos.newTask,
      completed: 0,
      due_date: dueDate,
      due_time: dueTime,
      description: '',
      priority: body.priority ?? defaultPriority,
      estimated_time: null,
      ...repeatColumns(body.repeat ?? null, dueDate),
      position: await nextTaskPosition(trx, userId, category.id),
      created_at: now,
      updated_at: now,
    };
    await insertTask(trx, row);
    const named = await labelIdsForNames(trx, userId, body.labelNames ?? [], now);
    const labelIds = [...new Set([...(body.labelIds ?? []), ...named])];
    if (labelIds.length > 0) await replaceTaskLabels(trx, userId, row.id, labelIds);
    // The account's default reminder (reminders' hook), written in this transaction.
    const queued = await tasksCreated(deps, trx, userId, row.id);
    return { task: toTask(row, await labelIdsOf(trx, userId, row.id)), queued };
  });
}

/** A task with its subtasks in order (also the deep-link check: 404 for a missing or foreign id). */
export async function getTask(deps: AppDeps, userId: string, id: string): Promise<TaskDetail> {
  const [task, subtasks, labelIds] = await snapshot(deps).execute((trx) =>
    Promise.all([findTask(trx, userId, id), listSubtasks(trx, userId, id), labelIdsOf(trx, userId, id)]),
  );
  if (!task) throw notFoundError();
  return { ...toTask(task, labelIds), subtasks: subtasks.map(toSubtask) };
}

export async function listTasksOfCategory(
  deps: AppDeps,
  userId: string,
  categoryId: string,
  filter: CategoryTasksQuery = {},
): Promise<TaskListItem[]> {
  const [category, tasks] = await snapshot(deps).execute((trx) =>
    Promise.all([findCategory(trx, userId, categoryId), listCategoryTasks(trx, userId, categoryId, filter)]),
  );
  if (!category) throw notFoundError();
  return tasks;
}

/** The user's task index (GET /api/tasks/index): one indexed read, no joins. */
export function taskIndex(deps: AppDeps, userId: string) {
  return listTaskIndex(deps.database.db, userId);
}

/**
 * Edits a task. Completing it is refused with 409 `incomplete_subtasks` while any subtask is open
 * (docs/PRODUCT.md §4 "Task item completion"); reopening is always allowed. The check and the write share one
 * transaction so a subtask reopened meanwhile cannot slip past.
 */
export async function changeTask(
  deps: AppDeps,
  userId: string,
  id: string,
  body: UpdateTaskBody,
): Promise<Task> {
  const now = deps.now().toISOString();
  const changes: TaskChanges = { updated_at: now };
  if (body.text !== undefined) changes.text = body.text;
  if (body.completed !== undefined) changes.completed = body.completed ? 1 : 0;
  if (body.dueDate !== undefined) changes.due_date = body.dueDate;
  if (body.dueTime !== undefined) changes.due_time = body.dueTime;
  // A time and a repeat are on a day: clearing the date clears them.
  if (body.dueDate === null) Object.assign(changes, { due_time: null }, repeatColumns(null, null));
  if (body.description !== undefined) changes.description = body.description;
  if (body.priority !== undefined) changes.priority = body.priority;
  // docs/PRODUCT.md §5: an estimate of zero is no estimate.
  if (body.estimatedTime !== undefined) changes.estimated_time = body.estimatedTime || null;
  if (body.repeat === null) Object.assign(changes, repeatColumns(null, null));

  const { task, queued } = await deps.database.db.transaction().execute(async (trx) => {
    if (body.dueTime && body.dueDate === undefined) await checkHasDueDate(trx, userId, id);
    if (body.repeat) Object.assign(changes, await repeatChanges(trx, userId, id, body));
    const current = body.completed === true ? await checkCanComplete(trx, userId, id) : undefined;
    const repeating = Boolean(current?.repeat_rule) && Number(current?.completed) === 0;
    // A repeating task stays open: completing it completes its current occurrence.
    if (repeating) delete changes.completed;
    // Completing an occurrence and nothing else: the move below writes the row (and its stamp) itself.
    const onlyStamp = Object.keys(changes).length === 1;
    let row = repeating && onlyStamp ? current : await updateTask(trx, userId, id, changes);
    if (!row) throw notFoundError();
    if (repeating) row = await passOccurrence(deps, trx, userId, row, 'completed', body.occurrence);
    if (body.labelIds !== undefined || body.labelNames !== undefined) {
      const named = await labelIdsForNames(trx, userId, body.labelNames ?? [], now);
      await replaceTaskLabels(trx, userId, id, [...new Set([...(body.labelIds ?? []), ...named])]);
    }
    const task = toTask(row, await labelIdsOf(trx, userId, id));
    // Synced calendar events follow the task (calendar-sync's jobs, written in this transaction).
    return { task, queued: await tasksChanged(deps, trx, userId, { column: 'id', value: id }) };
  });
  afterTaskHooks(deps, queued);
  return task;
}

/** 409 `incomplete_subtasks` while any subtask is open; else the task as it is. */
async function checkCanComplete(db: Db, userId: string, id: string): Promise<TaskRow> {
  const found = await findTaskForCompletion(db, userId, id);
  if (!found) throw notFoundError();
  const { open_subtasks: open, ...task } = found;
  if (open > 0) throw new AppError('incomplete_subtasks', 409, messages.todos.completeSubtasksFirst(open));
  return task;
}

/** A repeat is set on the due date given with it, else the task's own (400 without either). */
async function repeatChanges(db: Db, userId: string, id: string, body: UpdateTaskBody): Promise<TaskChanges> {
  let dueDate = body.dueDate;
  if (dueDate === undefined) {
    const task = await findTask(db, userId, id);
    if (!task) throw notFoundError();
    dueDate = task.due_date;
  }
  checkRepeatHasDate(dueDate);
  return repeatColumns(body.repeat ?? null, dueDate);
}

/** A time alone may only be set on a task that already has a due date (the same 400 as the schema's). */
async function checkHasDueDate(db: Db, userId: string, id: string): Promise<void> {
  const task = await findTask(db, userId, id);
  if (!task) throw notFoundError();
  if (!task.due_date) {
    throw badRequest(messages.api.invalidInput, { dueTime: messages.todos.dueTimeNeedsDate });
  }
}

export async function removeTask(deps: AppDeps, userId: string, id: string): Promise<void> {
  // The hooks capture what cascades away (synced events) before the delete, in its transaction.
  const queued = await deps.database.db.transaction().execute(async (trx) => {
    const queued = await tasksDeleting(deps, trx, userId, { column: 'id', value: id });
    if (!(await deleteTask(trx, userId, id))) throw notFoundError();
    return queued;
  });
  afterTaskHooks(deps, queued);
}

/**
 * The new order of a category's tasks, in one transaction. A listed task of another of the user's
 * categories moves here and takes this category's todo; the categories it left close their gaps. Every
 * task already in the category must be listed (a task leaves only by being listed elsewhere).
 */
export async function orderTasks(
  deps: AppDeps,
  userId: string,
  categoryId: string,
  ids: readonly string[],
): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    // Positions here become 0..n-1 (tasks moved in included): no create may append meanwhile. The todo
    // first (moved tasks come to reference it), as a cascading delete locks.
    const found = await findCategory(trx, userId, categoryId);
    if (!found || !(await lockParent(trx, 'todos', userId, found.todo_id, 'keep'))) throw notFoundError();
    if (!(await lockParent(trx, 'todo_categories', userId, categoryId))) throw notFoundError();
    const category = await findCategory(trx, userId, categoryId);
    if (!category || category.todo_id !== found.todo_id) throw notFoundError();
    const listed = await findTasksByIds(trx, userId, ids);
    const present = await taskIdsInCategory(trx, userId, categoryId);
    const leftBehind = checkChildOrder(ids, listed, present, categoryId);

    await placeTasks(trx, userId, categoryId, category.todo_id, ids);
    for (const sourceId of leftBehind) {
      const source = await findCategory(trx, userId, sourceId);
      if (!source) continue;
      await placeTasks(trx, userId, sourceId, source.todo_id, await taskIdsInCategory(trx, userId, sourceId));
    }
  });
}
