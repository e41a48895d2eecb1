import type { Insertable, Selectable, Updateable } from 'kysely';
import type { RepeatMode } from '../../../shared/domain/repeat-rule.ts';
import type { Priority } from '../../../shared/domain/task-display.ts';
import type { CategoryTasksQuery } from '../../../shared/schemas/label.ts';
import type { Task, TaskIndexItem, TaskListItem } from '../../../shared/schemas/task.ts';
import type { Db } from '../../db/database.ts';
import type { TodoItemsTable } from '../../db/schema.ts';
import {
  deleteOwnedRow,
  findOwnedChildren,
  nextPosition,
  placeRows,
  siblingIds,
} from '../../lib/ordered-rows.ts';
import { labelIdsByTask } from './labels.repo.ts';
import { type SubtaskCounts, subtaskCountsByTask } from './subtasks.repo.ts';

export type TaskRow = Selectable<TodoItemsTable>;

/** `labelIds`: the task's labels by name (labels.repo.ts `labelIdsByTask`). */
export const toTask = (row: TaskRow, labelIds: string[]): Task => ({
  id: row.id,
  todoId: row.todo_id,
  categoryId: row.category_id,
  text: row.text,
  completed: Number(row.completed) === 1,
  dueDate: row.due_date,
  dueTime: row.due_time ?? null,
  description: row.description ?? '',
  // The column only ever receives values the schema's enum let through.
  priority: row.priority as Priority,
  estimatedTime: row.estimated_time === null ? null : Number(row.estimated_time),
  position: row.position,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  labelIds,
  // The columns only ever receive a normalised rule and a mode the schema's enum let through.
  repeat: row.repeat_rule
    ? { rule: row.repeat_rule, mode: (row.repeat_mode ?? 'fixed') as RepeatMode }
    : null,
});

export function findTask(db: Db, userId: string, id: string): Promise<TaskRow | undefined> {
  return db
    .selectFrom('todo_items')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * A category's tasks in order, with their subtasks counted and their labels, each by one more query for
 * the whole list. `filter` keeps only the tasks with that label and/or priority.
 */
export async function listCategoryTasks(
  db: Db,
  userId: string,
  categoryId: string,
  filter: CategoryTasksQuery = {},
): Promise<TaskListItem[]> {
  const rows = await db
    .selectFrom('todo_items as i')
    .selectAll('i')
    .where('i.category_id', '=', categoryId)
    .where('i.user_id', '=', userId)
    .$if(filter.priority !== undefined, (query) => query.where('i.priority', '=', filter.priority ?? ''))
    .$if(filter.labelId !== undefined, (query) =>
      query.where('i.id', 'in', (eb) =>
        eb
          .selectFrom('task_labels')
          .select('task_id')
          .where('label_id', '=', filter.labelId ?? '')
          .where('user_id', '=', userId),
      ),
    )
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();
  const [labels, subtasks] = await Promise.all([
    labelIdsByTask(db, userId, { categoryId }),
    subtaskCountsByTask(db, userId, { categoryId }),
  ]);
  return rows.map((row) => toTaskListItem(row, labels, subtasks));
}

/** A listed task: its labels and subtask counts from the maps read for the whole list. */
export const toTaskListItem = (
  row: TaskRow,
  labels: Map<string, string[]>,
  subtasks: Map<string, SubtaskCounts>,
): TaskListItem => ({
  ...toTask(row, labels.get(row.id) ?? []),
  subtasksCompleted: subtasks.get(row.id)?.completed ?? 0,
  subtasksTotal: subtasks.get(row.id)?.total ?? 0,
});

/** Every task of the user, four columns each: what the command palette matches names against. */
export async function listTaskIndex(db: Db, userId: string): Promise<TaskIndexItem[]> {
  const rows = await db
    .selectFrom('todo_items')
    .select(['id', 'category_id', 'text', 'completed'])
    .where('user_id', '=', userId)
    .orderBy('category_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    categoryId: row.category_id,
    text: row.text,
    completed: Number(row.completed) === 1,
  }));
}

const inCategory = (userId: string, categoryId: string) =>
  ({ table: 'todo_items', userId, parent: { column: 'category_id', id: categoryId } }) as const;

/** Those of `ids` the user owns, each with its category as parentId (in no particular order). */
export const findTasksByIds = (db: Db, userId: string, ids: readonly string[]) =>
  findOwnedChildren(db, { table: 'todo_items', parent: 'category_id' }, userId, ids);

/** The tasks of one category in their order. */
export const taskIdsInCategory = (db: Db, userId: string, categoryId: string) =>
  siblingIds(db, inCategory(userId, categoryId), ['id']);

export const nextTaskPosition = (db: Db, userId: string, categoryId: string) =>
  nextPosition(db, inCategory(userId, categoryId));

export async function insertTask(db: Db, row: Insertable<TodoItemsTable>): Promise<void> {
  await db.insertInto('todo_items').values(row).execute();
}

export type TaskChanges = Pick<
  Updateable<TodoItemsTable>,
  | 'text'
  | 'completed'
  | 'due_date'
  | 'due_time'
  | 'description'
  | 'priority'
  | 'estimated_time'
  | 'repeat_rule'
  | 'repeat_mode'
  | 'repeat_start'
  | 'updated_at'
>;

export function updateTask(
  db: Db,
  userId: string,
  id: string,
  changes: TaskChanges,
): Promise<TaskRow | undefined> {
  return db
    .updateTable('todo_items')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Its subtasks go with it (ON DELETE CASCADE). */
export const deleteTask = (db: Db, userId: string, id: string) =>
  deleteOwnedRow(db, 'todo_items', userId, id);

/**
 * Puts `ids` into `categoryId` (of `todoId`) in this order, positions = index; a task from another
 * category takes this category's todo too. Call inside a transaction.
 */
export function placeTasks(
  db: Db,
  userId: string,
  categoryId: string,
  todoId: string,
  ids: readonly string[],
) {
  const columns = [
    { column: 'category_id', id: categoryId },
    { column: 'todo_id', id: todoId },
  ] as const;
  return placeRows(db, { table: 'todo_items', userId, columns }, ids);
}

/** A task with how many of its subtasks are still open (one read: what completing it checks). */
export async function findTaskForCompletion(
  db: Db,
  userId: string,
  id: string,
): Promise<(TaskRow & { open_subtasks: number }) | undefined> {
  const row = await db
    .selectFrom('todo_items as i')
    .selectAll('i')
    .select((eb) =>
      eb
        .selectFrom('todo_subtasks as s')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .whereRef('s.todo_item_id', '=', 'i.id')
        .where('s.user_id', '=', userId)
        .where('s.completed', '=', 0)
        .as('open_subtasks'),
    )
    .where('i.id', '=', id)
    .where('i.user_id', '=', userId)
    .executeTakeFirst();
  return row && { ...row, open_subtasks: Number(row.open_subtasks ?? 0) };
}
