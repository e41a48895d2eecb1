import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CalendarFeedsTable } from '../../db/schema.ts';

export type CalendarFeedRow = Selectable<CalendarFeedsTable>;

export function findFeedOfUser(db: Db, userId: string): Promise<CalendarFeedRow | undefined> {
  return db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findFeedByTokenHash(db: Db, tokenHash: string): Promise<CalendarFeedRow | undefined> {
  return db.selectFrom('calendar_feeds').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function insertFeed(db: Db, row: CalendarFeedRow): Promise<void> {
  await db.insertInto('calendar_feeds').values(row).execute();
}

export async function updateFeed(
  db: Db,
  userId: string,
  changes: Partial<Pick<CalendarFeedRow, 'token_hash' | 'token_sealed' | 'include_completed' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('calendar_feeds').set(changes).where('user_id', '=', userId).execute();
}

export async function deleteFeed(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** All the user's subtasks (one query for the whole feed), in their display order. */
export function feedSubtasks(db: Db, userId: string) {
  return db
    .selectFrom('todo_subtasks')
    .select(['todo_item_id', 'text', 'completed', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('todo_item_id')
    .orderBy('position')
    .execute();
}

/**
 * How many rows the feed is built from and when the newest changed: enough to tell whether the body
 * changed without building it (every write to a task or subtask sets its updated_at; a delete changes
 * the count). Subtasks of every task count, included or not: a needless new ETag is harmless.
 */
export async function feedVersion(db: Db, userId: string, includeCompleted: boolean) {
  let tasks = db
    .selectFrom('todo_items')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.max('updated_at').as('latest')])
    .where('user_id', '=', userId)
    .where('due_date', 'is not', null);
  if (!includeCompleted) tasks = tasks.where('completed', '=', 0);
  const subtasks = db
    .selectFrom('todo_subtasks')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.max('updated_at').as('latest')])
    .where('user_id', '=', userId);
  const [taskRow, subtaskRow] = await Promise.all([tasks.executeTakeFirst(), subtasks.executeTakeFirst()]);
  return {
    tasks: { count: Number(taskRow?.count ?? 0), latest: taskRow?.latest ?? null },
    subtasks: { count: Number(subtaskRow?.count ?? 0), latest: subtaskRow?.latest ?? null },
  };
}
