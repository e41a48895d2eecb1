import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uidCalendarOf } from '../../../shared/domain/event-uid.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps, TimeZoneChangeStep } from '../../deps.ts';
import type { AccountDeletionStep } from '../auth/index.ts';
import { exportEvents, exportIntegrations } from './calendar-sync.repo.ts';
import { calendarSyncRoutes as routes } from './calendar-sync.routes.ts';
import { revokeAllOfUser } from './connections.service.ts';
import { calendarDeleteJob, calendarPushJob, calendarTaskHooks, enqueueTimedPushes } from './propagation.ts';
import { revokeGrantJob } from './revoke.job.ts';

/**
 * Calendar sync's public surface (docs/calendar-sync.md): one plugin, registered in the guarded scope, that adds the
 * /api/calendar and /api/tasks/:id/calendar-events routes; and what app.ts wires in: the propagation and
 * revocation jobs, the task hooks (task changes and deletes reach the events) and the account-deletion
 * step (grants are revoked). Everything else in this folder is internal; `exportCalendarRows` serves the
 * backup, `uidCalendarsOfTasks` the private feed.
 */
export function calendarSyncRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(routes(deps));
  };
}

export const calendarSyncJobs = [calendarPushJob, calendarDeleteJob, revokeGrantJob];

export { calendarTaskHooks };

/** The account's zone changed: the synced events of its timed tasks are pushed again (propagation.ts). */
export const repushTimedEvents =
  (deps: AppDeps): TimeZoneChangeStep =>
  (trx, userId) =>
    enqueueTimedPushes(deps, trx, userId);

/** Revokes every grant of an account being deleted (the revocations are durable jobs). */
export const revokeCalendarGrants =
  (deps: AppDeps): AccountDeletionStep =>
  (trx, userId) =>
    revokeAllOfUser(deps, trx, userId);

/** POST /api/calendar/caldav/discover and POST /api/calendar/caldav (caldav.routes.ts). */
export { caldavRoutes } from './caldav.routes.ts';

/**
 * The backup file's calendar arrays: the connections (provider, calendar, active) and each task's event
 * link, never a token, password or server credential (those columns are not even selected).
 */
export async function exportCalendarRows(db: Db, userId: string) {
  const [integrations, events] = await Promise.all([
    exportIntegrations(db, userId),
    exportEvents(db, userId),
  ]);
  return {
    integrations: integrations.map((row) => ({ ...row, is_active: Number(row.is_active) === 1 })),
    events,
  };
}

/**
 * Per task id, the CalDAV calendar whose event UID the private feed writes for the task
 * (shared/domain/event-uid.ts), for the tasks synced to one.
 */
export async function uidCalendarsOfTasks(db: Db, userId: string): Promise<Map<string, string>> {
  const [integrations, events] = await Promise.all([
    exportIntegrations(db, userId),
    exportEvents(db, userId),
  ]);
  const providerOf = new Map(integrations.map((row) => [row.id, row.provider]));
  const linksOf = new Map<string, { integrationId: string; provider: string }[]>();
  for (const event of events) {
    const links = linksOf.get(event.todo_item_id) ?? [];
    links.push({ integrationId: event.integration_id, provider: providerOf.get(event.integration_id) ?? '' });
    linksOf.set(event.todo_item_id, links);
  }
  const calendars = new Map<string, string>();
  for (const [taskId, links] of linksOf) {
    const calendar = uidCalendarOf(links);
    if (calendar !== null) calendars.set(taskId, calendar);
  }
  return calendars;
}
