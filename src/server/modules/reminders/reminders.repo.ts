import { type Insertable, type Selectable, sql } from 'kysely';
import type { Reminder } from '../../../shared/schemas/reminder.ts';
import type { Db } from '../../db/database.ts';
import type { TaskRemindersTable } from '../../db/schema.ts';
import type { TaskScope } from '../../lib/task-hooks.ts';

export type ReminderRow = Selectable<TaskRemindersTable>;

export const toReminder = (row: ReminderRow): Reminder => ({
  id: row.id,
  kind: row.kind,
  offsetMinutes: Number(row.offset_minutes),
  fireAt: row.fire_at,
  firedAt: row.fired_at,
});

export function listReminders(db: Db, userId: string, taskId: string): Promise<ReminderRow[]> {
  return (
    db
      .selectFrom('task_reminders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('task_id', '=', taskId)
      // Waiting ones (no due date, or done) last on both engines (they sort nulls differently).
      .orderBy(sql`fire_at is null`)
      .orderBy('fire_at')
      .orderBy('offset_minutes', 'desc')
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  );
}

export async function insertReminders(db: Db, rows: Insertable<TaskRemindersTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('task_reminders').values(rows).execute();
}

/** Deletes a task's reminders that follow its due date (a snooze stays). */
export async function deleteTimedReminders(db: Db, userId: string, taskId: string): Promise<void> {
  await db
    .deleteFrom('task_reminders')
    .where('user_id', '=', userId)
    .where('task_id', '=', taskId)
    .where('kind', '!=', 'snooze')
    .execute();
}

/**
 * The reminders of the tasks a hook's scope covers, each with what scheduling needs of its task, in one
 * read: most changed tasks have no reminder, and then this is the hook's only query.
 */
export function remindersInScope(db: Db, userId: string, scope: TaskScope) {
  return db
    .selectFrom('task_reminders as r')
    .innerJoin('todo_items as t', 't.id', 'r.task_id')
    .selectAll('r')
    .select(['t.completed', 't.due_date', 't.due_time'])
    .where('r.user_id', '=', userId)
    .where('t.user_id', '=', userId)
    .where(`t.${scope.column}`, '=', scope.value)
    .execute();
}

/** A new fire instant: not sent yet for it. */
export async function setFireAt(db: Db, id: string, fireAt: string | null): Promise<void> {
  await db
    .updateTable('task_reminders')
    .set({ fire_at: fireAt, fired_at: null, sent_via: null })
    .where('id', '=', id)
    .execute();
}

export async function deleteReminder(db: Db, id: string): Promise<void> {
  await db.deleteFrom('task_reminders').where('id', '=', id).execute();
}

/**
 * Claims a reminder for sending at this fire instant: true for exactly one caller, so a job run twice
 * (two instances, or again after a crash) never sends twice.
 */
export async function claimReminder(db: Db, id: string, fireAt: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('task_reminders')
    .set({ fired_at: at })
    .where('id', '=', id)
    .where('fire_at', '=', fireAt)
    .where('fired_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markSentVia(db: Db, id: string, via: string): Promise<void> {
  await db.updateTable('task_reminders').set({ sent_via: via }).where('id', '=', id).execute();
}

export function findReminderById(db: Db, id: string): Promise<ReminderRow | undefined> {
  return db.selectFrom('task_reminders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findTaskForReminder(db: Db, userId: string, taskId: string) {
  return db
    .selectFrom('todo_items')
    .select(['id', 'text', 'completed', 'due_date', 'due_time', 'todo_id', 'category_id'])
    .where('user_id', '=', userId)
    .where('id', '=', taskId)
    .executeTakeFirst();
}

export async function profileReminderSettings(db: Db, userId: string) {
  const row = await db
    .selectFrom('user_profiles')
    .select(['time_zone', 'default_reminder_minutes'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const minutes = row?.default_reminder_minutes;
  return {
    timeZone: row?.time_zone ?? 'UTC',
    defaultMinutes: minutes === null || minutes === undefined ? null : Number(minutes),
  };
}

export async function setDefaultReminderMinutes(db: Db, userId: string, minutes: number | null, at: string) {
  await db
    .updateTable('user_profiles')
    .set({ default_reminder_minutes: minutes, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

export function userEmail(db: Db, userId: string) {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
}
