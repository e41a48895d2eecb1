import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  CalendarIntegrationsTable,
  OAuthStatesTable,
  TaskCalendarEventsTable,
} from '../../db/schema.ts';
import type { TaskScope } from '../../lib/task-hooks.ts';
import { readTasks, type TaskRead } from '../todos/index.ts';

/** Queries of calendar sync. Every one names the user (`where user_id = :me`), except the job's reads by id. */

export type IntegrationRow = Selectable<CalendarIntegrationsTable>;
export type EventRow = Selectable<TaskCalendarEventsTable>;
export type OAuthStateRow = Selectable<OAuthStatesTable>;

export function listIntegrations(db: Db, userId: string): Promise<IntegrationRow[]> {
  return db
    .selectFrom('calendar_integrations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findIntegration(db: Db, userId: string, id: string): Promise<IntegrationRow | undefined> {
  return db
    .selectFrom('calendar_integrations')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertIntegration(db: Db, row: Insertable<CalendarIntegrationsTable>): Promise<void> {
  await db.insertInto('calendar_integrations').values(row).execute();
}

export async function updateIntegration(
  db: Db,
  userId: string,
  id: string,
  changes: Updateable<CalendarIntegrationsTable>,
): Promise<IntegrationRow | undefined> {
  return db
    .updateTable('calendar_integrations')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Stores refreshed credentials only if nobody stored others since `version` was read (compare-and-set):
 * of two refreshes racing on two instances, one wins and the other re-reads the winner's token.
 */
export async function swapCredentials(
  db: Db,
  id: string,
  version: number,
  changes: { credentials_sealed: string; token_expires_at: string | null; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('calendar_integrations')
    .set({ ...changes, credentials_version: version + 1 })
    .where('id', '=', id)
    .where('credentials_version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteIntegration(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('calendar_integrations')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findIntegrationById(db: Db, id: string): Promise<IntegrationRow | undefined> {
  return db.selectFrom('calendar_integrations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A task's events with the integration each is on (for GET /api/tasks/:id/calendar-events). */
export function listTaskEvents(db: Db, userId: string, taskId: string) {
  return db
    .selectFrom('task_calendar_events as e')
    .innerJoin('calendar_integrations as i', 'i.id', 'e.integration_id')
    .selectAll('e')
    .select(['i.provider', 'i.calendar_name'])
    .where('e.user_id', '=', userId)
    .where('e.todo_item_id', '=', taskId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
}

export function findEvent(db: Db, userId: string, taskId: string, integrationId: string) {
  return db
    .selectFrom('task_calendar_events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('todo_item_id', '=', taskId)
    .where('integration_id', '=', integrationId)
    .executeTakeFirst();
}

export function findEventById(db: Db, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('task_calendar_events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts unless the (task, integration) pair already has a row; answers whether it inserted. */
export async function insertEvent(db: Db, row: Insertable<TaskCalendarEventsTable>): Promise<boolean> {
  const result = await db
    .insertInto('task_calendar_events')
    .values(row)
    .onConflict((conflict) => conflict.columns(['todo_item_id', 'integration_id']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function updateEvent(
  db: Db,
  id: string,
  changes: Updateable<TaskCalendarEventsTable>,
  onlyAtVersion?: number,
): Promise<boolean> {
  const result = await db
    .updateTable('task_calendar_events')
    .set(changes)
    .where('id', '=', id)
    .$if(onlyAtVersion !== undefined, (query) => query.where('version', '=', onlyAtVersion as number))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The events of the tasks in scope that sit on an active integration (what a change must reach). */
export function eventsInScope(db: Db, userId: string, scope: TaskScope) {
  return db
    .selectFrom('task_calendar_events as e')
    .innerJoin('todo_items as t', 't.id', 'e.todo_item_id')
    .innerJoin('calendar_integrations as i', 'i.id', 'e.integration_id')
    .select([
      'e.id',
      'e.integration_id',
      'e.event_id',
      'e.event_url',
      'e.etag',
      'e.job_queued',
      'i.calendar_id',
    ])
    .where('e.user_id', '=', userId)
    .where(`t.${scope.column}`, '=', scope.value)
    .where('i.is_active', '=', 1)
    .execute();
}

/** The user's events on active calendars whose task has a due time (not all-day). */
export function timedEventsOfUser(db: Db, userId: string) {
  return db
    .selectFrom('task_calendar_events as e')
    .innerJoin('todo_items as t', 't.id', 'e.todo_item_id')
    .innerJoin('calendar_integrations as i', 'i.id', 'e.integration_id')
    .select('e.id')
    .where('e.user_id', '=', userId)
    .where('t.due_date', 'is not', null)
    .where('t.due_time', 'is not', null)
    .where('i.is_active', '=', 1)
    .execute();
}

/** The export's rows: credentials are never selected. */
export function exportIntegrations(db: Db, userId: string) {
  return db
    .selectFrom('calendar_integrations')
    .select([
      'id',
      'user_id',
      'provider',
      'calendar_id',
      'calendar_name',
      'is_active',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function exportEvents(db: Db, userId: string) {
  return db
    .selectFrom('task_calendar_events')
    .select([
      'id',
      'todo_item_id',
      'integration_id',
      'event_id',
      'event_url',
      'sync_status',
      'last_synced_at',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertOAuthState(db: Db, row: OAuthStateRow): Promise<void> {
  await db.insertInto('oauth_states').values(row).execute();
}

/** Takes a state (single use): deleted whether or not it turns out valid for this user. */
export async function takeOAuthState(db: Db, stateHash: string): Promise<OAuthStateRow | undefined> {
  const row = await db
    .selectFrom('oauth_states')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db.deleteFrom('oauth_states').where('id', '=', row.id).executeTakeFirst();
  // Two callbacks racing with one state: only the one whose delete took the row goes on.
  return Number(deleted.numDeletedRows) > 0 ? row : undefined;
}

export async function purgeExpiredOAuthStates(db: Db, now: string): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<', now).execute();
}

/** The task fields an event is built from (the todos module's read), or undefined when it is gone. */
export async function findTaskForEvent(
  db: Db,
  userId: string,
  taskId: string,
): Promise<TaskRead | undefined> {
  const [task] = await readTasks(db, userId, { ids: [taskId] });
  return task;
}

/** A task's subtasks in order (its event's description lists them). */
export function subtasksForEvent(db: Db, userId: string, taskId: string) {
  return db
    .selectFrom('todo_subtasks')
    .select(['text', 'completed'])
    .where('todo_item_id', '=', taskId)
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Takes the right to refresh an integration's token until `until`, unless someone holds it (a lease still
 * ahead of `now`). Answers whether it was taken; an expired lease (its holder crashed) is taken over.
 */
export async function claimRefreshLease(db: Db, integrationId: string, now: string, until: string) {
  const result = await db
    .insertInto('calendar_refresh_leases')
    .values({ integration_id: integrationId, until })
    .onConflict((conflict) =>
      conflict
        .column('integration_id')
        .doUpdateSet({ until })
        .where('calendar_refresh_leases.until', '<=', now),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function releaseRefreshLease(db: Db, integrationId: string): Promise<void> {
  await db.deleteFrom('calendar_refresh_leases').where('integration_id', '=', integrationId).execute();
}
