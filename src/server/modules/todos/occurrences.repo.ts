import type { Selectable } from 'kysely';
import type { TaskOccurrence } from '../../../shared/schemas/task.ts';
import type { Db } from '../../db/database.ts';
import type { TaskOccurrencesTable } from '../../db/schema.ts';

export type OccurrenceRow = Selectable<TaskOccurrencesTable>;

export const toOccurrence = (row: OccurrenceRow): TaskOccurrence => ({
  id: row.id,
  date: row.occurrence_date,
  time: row.occurrence_time,
  // The column only ever receives the two actions the service writes.
  action: row.action as TaskOccurrence['action'],
  at: row.at,
});

/** A task's history, newest occurrence first (owner-scoped: another user's task has none). */
export function listOccurrences(db: Db, userId: string, taskId: string): Promise<OccurrenceRow[]> {
  return db
    .selectFrom('task_occurrences')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .orderBy('occurrence_date', 'desc')
    .execute();
}

export function findOccurrence(db: Db, userId: string, taskId: string, date: string) {
  return db
    .selectFrom('task_occurrences')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .where('occurrence_date', '=', date)
    .executeTakeFirst();
}

/** How many occurrences of the series that started on `since` are recorded (after-completion COUNT). */
export async function countOccurrencesSince(db: Db, userId: string, taskId: string, since: string) {
  const row = await db
    .selectFrom('task_occurrences')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .where('occurrence_date', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertOccurrence(db: Db, row: OccurrenceRow): Promise<void> {
  await db.insertInto('task_occurrences').values(row).execute();
}

export async function deleteOccurrence(db: Db, userId: string, id: string): Promise<void> {
  await db.deleteFrom('task_occurrences').where('id', '=', id).where('user_id', '=', userId).execute();
}

/** A new occurrence brings the subtasks back: each one is to do again. */
export async function reopenSubtasks(db: Db, userId: string, taskId: string, at: string): Promise<void> {
  await db
    .updateTable('todo_subtasks')
    .set({ completed: 0, updated_at: at })
    .where('todo_item_id', '=', taskId)
    .where('user_id', '=', userId)
    .where('completed', '=', 1)
    .execute();
}

/**
 * Undo of a completion or skip: the subtasks it reopened are done again. They are the ones reopened at
 * that very instant (the entry's `at`) and not touched since; one added or changed later stays as it is.
 */
export async function recloseSubtasks(
  db: Db,
  userId: string,
  taskId: string,
  reopenedAt: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('todo_subtasks')
    .set({ completed: 1, updated_at: at })
    .where('todo_item_id', '=', taskId)
    .where('user_id', '=', userId)
    .where('completed', '=', 0)
    .where('updated_at', '=', reopenedAt)
    .execute();
}

/** Per task (or for one), the days of its skipped occurrences in order: the calendars' EXDATEs. */
export async function skippedOccurrences(
  db: Db,
  userId: string,
  taskId?: string,
): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('task_occurrences')
    .select(['task_id', 'occurrence_date'])
    .where('user_id', '=', userId)
    .$if(taskId !== undefined, (one) => one.where('task_id', '=', taskId as string))
    .where('action', '=', 'skipped')
    .orderBy('task_id')
    .orderBy('occurrence_date')
    .execute();
  const byTask = new Map<string, string[]>();
  for (const row of rows) byTask.set(row.task_id, [...(byTask.get(row.task_id) ?? []), row.occurrence_date]);
  return byTask;
}
