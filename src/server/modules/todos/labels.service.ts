import { randomUUID } from 'node:crypto';
import { labelColors, pickRandomColor } from '../../../shared/domain/colors.ts';
import { messages } from '../../../shared/messages.ts';
import type { CreateLabelBody, Label, LabelTask, UpdateLabelBody } from '../../../shared/schemas/label.ts';
import { labelNameKey } from '../../../shared/schemas/label-name.ts';
import { AppError, notFound } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { newRowId, withClientId } from '../../lib/client-ids.ts';
import {
  countLabelTasks,
  deleteLabel,
  findLabel,
  insertLabel,
  insertMissingLabels,
  labelIdsByKey,
  labelIdsByTask,
  listLabels,
  listLabelTaskRows,
  ownedLabelIds,
  setTaskLabels,
  toLabel,
  updateLabel,
} from './labels.repo.ts';
import { subtaskCountsByTask } from './subtasks.repo.ts';
import { toTaskListItem } from './tasks.repo.ts';

const notFoundError = () => notFound(messages.api.notFound);
const nameTakenError = (name: string) =>
  new AppError('conflict', 409, messages.labels.nameTaken(name), { name: messages.labels.nameTaken(name) });

/** The unique index on (user_id, name_key) refused the row, on either engine. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = String(error.code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * One statement, so the unique index alone decides a name clash (no read-then-write race, and no
 * PostgreSQL transaction left aborted by the violation).
 */
async function uniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTakenError(name);
    throw error;
  }
}

export function labelsOf(deps: AppDeps, userId: string): Promise<Label[]> {
  return listLabels(deps.database.db, userId);
}

export async function createLabel(deps: AppDeps, userId: string, body: CreateLabelBody): Promise<Label> {
  const now = deps.now().toISOString();
  const row = {
    id: newRowId(body.id),
    user_id: userId,
    name: body.name,
    name_key: labelNameKey(body.name),
    color: body.color ?? pickRandomColor(labelColors),
    created_at: now,
    updated_at: now,
  };
  // The id's clash is told apart first: a taken id is not a taken name.
  await uniqueName(body.name, () => withClientId('labels', () => insertLabel(deps.database.db, row)));
  return toLabel(row, 0);
}

export async function changeLabel(
  deps: AppDeps,
  userId: string,
  id: string,
  body: UpdateLabelBody,
): Promise<Label> {
  const { db } = deps.database;
  const changes = {
    ...(body.name !== undefined ? { name: body.name, name_key: labelNameKey(body.name) } : {}),
    ...(body.color !== undefined ? { color: body.color } : {}),
    updated_at: deps.now().toISOString(),
  };
  const row = await uniqueName(body.name ?? '', () => updateLabel(db, userId, id, changes));
  if (!row) throw notFoundError();
  return toLabel(row, await countLabelTasks(db, userId, id));
}

export async function removeLabel(deps: AppDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteLabel(deps.database.db, userId, id))) throw notFoundError();
}

/**
 * The ids of the labels named (whatever their case), those the user does not have yet created in the
 * caller's transaction: quick add's `#errands` becomes part of the task's create, so a refused task
 * leaves no label behind. A name created at the same moment elsewhere is taken, not refused.
 */
export async function labelIdsForNames(
  trx: Db,
  userId: string,
  names: readonly string[],
  now: string,
): Promise<string[]> {
  // The first spelling typed names a new label (`#Errands #errands` is one label, `Errands`).
  const byKey = new Map<string, string>();
  for (const name of names) if (!byKey.has(labelNameKey(name))) byKey.set(labelNameKey(name), name.trim());
  if (byKey.size === 0) return [];
  const known = await labelIdsByKey(trx, userId, [...byKey.keys()]);
  const missing = [...byKey].filter(([key]) => !known.has(key));
  if (missing.length > 0) {
    await insertMissingLabels(
      trx,
      missing.map(([key, name]) => ({
        id: randomUUID(),
        user_id: userId,
        name,
        name_key: key,
        color: pickRandomColor(labelColors),
        created_at: now,
        updated_at: now,
      })),
    );
    for (const [key, id] of await labelIdsByKey(
      trx,
      userId,
      missing.map(([key]) => key),
    ))
      known.set(key, id);
  }
  return [...byKey.keys()].flatMap((key) => known.get(key) ?? []);
}

/** The tasks with the label across every list, each with its list's and category's titles. */
export async function tasksWithLabel(deps: AppDeps, userId: string, labelId: string): Promise<LabelTask[]> {
  const { db, engine } = deps.database;
  // The label, its tasks and their labels must agree: one snapshot (PostgreSQL needs repeatable read).
  const transaction =
    engine === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  return transaction.execute(async (trx) => {
    if (!(await findLabel(trx, userId, labelId))) throw notFoundError();
    const rows = await listLabelTaskRows(trx, userId, labelId);
    const [labels, subtasks] = await Promise.all([
      labelIdsByTask(trx, userId, { labelId }),
      subtaskCountsByTask(trx, userId, { taskIds: rows.map((row) => row.id) }),
    ]);
    return rows.map((row) => ({
      ...toTaskListItem(row, labels, subtasks),
      todoTitle: row.todo_title,
      categoryTitle: row.category_title,
    }));
  });
}

/**
 * Gives the task exactly `labelIds`, in the caller's transaction. A label id the user does not own is
 * 404 like any other user's row.
 */
export async function replaceTaskLabels(
  trx: Db,
  userId: string,
  taskId: string,
  labelIds: readonly string[],
): Promise<void> {
  const owned = await ownedLabelIds(trx, userId, labelIds);
  if (owned.size !== labelIds.length) throw notFoundError();
  await setTaskLabels(trx, userId, taskId, labelIds);
}
