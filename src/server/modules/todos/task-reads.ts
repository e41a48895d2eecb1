import type { Db } from '../../db/database.ts';

/**
 * The columns of a task other modules read: its list and category, text, state, due date, priority,
 * estimate, position and times, then the due time, description and repeat (optional in a backup file, so last).
 * In the backup file's field order, since the export writes the rows as read.
 */
const taskColumns = [
  'id',
  'todo_id',
  'category_id',
  'text',
  'completed',
  'due_date',
  'priority',
  'estimated_time',
  'position',
  'created_at',
  'updated_at',
  'due_time',
  'description',
  'repeat_rule',
  'repeat_mode',
  'repeat_start',
] as const;

/**
 * Which of the user's tasks: those of `ids` found by primary key, in no particular order (the backup's
 * pages, one task for a calendar event); or every one with a due date, by due date then id, the completed
 * ones only when asked (the calendar feed, whose body and so ETag must be stable).
 */
export type TaskSelection = { ids: readonly string[] } | { dueDated: { includeCompleted: boolean } };

/** The query, unexecuted: task-reads.test.ts checks its plan on both engines. */
export function tasksQuery(db: Db, userId: string, selection: TaskSelection) {
  const query = db.selectFrom('todo_items').select(taskColumns).where('user_id', '=', userId);
  if ('ids' in selection) return query.where('id', 'in', selection.ids);
  return query
    .where('due_date', 'is not', null)
    .$if(!selection.dueDated.includeCompleted, (open) => open.where('completed', '=', 0))
    .orderBy('due_date')
    .orderBy('id');
}

/**
 * The one read of a user's tasks that the calendar feed, calendar sync and the backup export share
 * (ownership is in the WHERE clause, so another user's ids read as missing).
 */
export async function readTasks(db: Db, userId: string, selection: TaskSelection) {
  if ('ids' in selection && selection.ids.length === 0) return [];
  return tasksQuery(db, userId, selection).execute();
}

export type TaskRead = Awaited<ReturnType<typeof readTasks>>[number];
