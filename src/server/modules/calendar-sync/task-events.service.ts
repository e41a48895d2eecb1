import { randomUUID } from 'node:crypto';
import { messages } from '../../../shared/messages.ts';
import type {
  SyncTaskBody,
  TaskCalendarEvent,
  TaskCalendarEvents,
} from '../../../shared/schemas/calendar-sync.ts';
import { AppError, notFound } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { wakeJobs } from '../../jobs/queue.ts';
import {
  findEvent,
  findIntegration,
  findTaskForEvent,
  type IntegrationRow,
  insertEvent,
  listTaskEvents,
  updateEvent,
  updateIntegration,
} from './calendar-sync.repo.ts';
import { calendarPushJob } from './propagation.ts';
import { ProviderError, type ProviderEventRef } from './providers/provider.ts';
import { eventPayload, failureMessage, withProvider } from './sync-engine.ts';

/** A task's events: listing them, and the first sync, which runs in the request (the answer has the link). */

const notFoundError = () => notFound(messages.api.notFound);

type EventView = Awaited<ReturnType<typeof listTaskEvents>>[number];

const toTaskEvent = (row: EventView): TaskCalendarEvent => ({
  integrationId: row.integration_id,
  provider: row.provider,
  calendarName: row.calendar_name,
  eventId: row.event_id,
  eventUrl: row.event_url,
  syncStatus: row.sync_status,
  lastSyncedAt: row.last_synced_at,
  error: row.error,
});

export async function getTaskEvents(
  deps: AppDeps,
  userId: string,
  taskId: string,
): Promise<TaskCalendarEvents> {
  const { db } = deps.database;
  if (!(await findTaskForEvent(db, userId, taskId))) throw notFoundError();
  return { events: (await listTaskEvents(db, userId, taskId)).map(toTaskEvent) };
}

async function viewOf(deps: AppDeps, userId: string, taskId: string, integrationId: string) {
  const rows = await listTaskEvents(deps.database.db, userId, taskId);
  const row = rows.find((entry) => entry.integration_id === integrationId);
  if (!row) throw new AppError('provider_failed', 502, messages.calendar.saveSyncFailed);
  return toTaskEvent(row);
}

/**
 * Puts the task on the calendar now: a create the first time (its id chosen from the task and calendar,
 * so a retry never makes a second event), an update when it is there already. A provider failure is 502
 * with the provider's message or `Failed to sync with calendar`; nothing is stored for a failed first
 * sync, and a failed re-sync leaves the row failed with the message.
 */
export async function syncTask(
  deps: AppDeps,
  userId: string,
  taskId: string,
  body: SyncTaskBody,
): Promise<{ event: TaskCalendarEvent; created: boolean }> {
  const { db } = deps.database;
  const task = await findTaskForEvent(db, userId, taskId);
  let integration = await findIntegration(db, userId, body.integrationId);
  if (!task || !integration) throw notFoundError();
  if (integration.status === 'reconnect')
    throw new AppError('provider_failed', 502, messages.calendar.reconnect);
  if (Number(integration.is_active) !== 1) throw new AppError('conflict', 409, messages.calendar.syncFailed);
  if (body.timeZone && body.timeZone !== integration.time_zone) {
    integration =
      (await updateIntegration(db, userId, integration.id, { time_zone: body.timeZone })) ?? integration;
  }
  const active: IntegrationRow = integration;
  const existing = await findEvent(db, userId, taskId, active.id);
  const payload = await eventPayload(deps, db, active, taskId);
  if (!payload) throw notFoundError();
  const calendarId = active.calendar_id ?? '';

  let pushed: ProviderEventRef;
  try {
    pushed = await withProvider(deps, active, async (client, credentials) => {
      if (!existing) return client.createEvent(credentials, calendarId, payload);
      const ref = { eventId: existing.event_id, eventUrl: existing.event_url, etag: existing.etag };
      try {
        return await client.updateEvent(credentials, calendarId, ref, payload);
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'not_found') {
          return client.createEvent(credentials, calendarId, payload);
        }
        throw error;
      }
    });
  } catch (error) {
    const message = failureMessage(error);
    if (existing) {
      await updateEvent(db, existing.id, {
        sync_status: 'failed',
        error: message,
        updated_at: deps.now().toISOString(),
      });
    }
    throw new AppError('provider_failed', 502, message);
  }

  const stamp = deps.now().toISOString();
  const synced = {
    event_id: pushed.eventId,
    event_url: pushed.eventUrl ?? existing?.event_url ?? null,
    etag: pushed.etag,
    sync_status: 'synced' as const,
    last_synced_at: stamp,
    error: null,
    updated_at: stamp,
  };
  if (existing) {
    // A change that came in while we pushed keeps the row pending for its job.
    await updateEvent(db, existing.id, synced, existing.version);
    return { event: await viewOf(deps, userId, taskId, active.id), created: false };
  }
  const queued = await db.transaction().execute(async (trx) => {
    const inserted = await insertEvent(trx, {
      id: randomUUID(),
      user_id: userId,
      todo_item_id: taskId,
      integration_id: active.id,
      ...synced,
      version: 0,
      job_queued: 0,
      created_at: stamp,
    });
    // The task changed while the event was being created (no row existed to catch that change): one
    // push brings the event up to date.
    const now = await findTaskForEvent(trx, userId, taskId);
    if (!inserted || !now || now.updated_at === task.updated_at) return false;
    const row = await findEvent(trx, userId, taskId, active.id);
    if (!row) return false;
    await updateEvent(trx, row.id, { version: row.version + 1, sync_status: 'pending', job_queued: 1 });
    await calendarPushJob.enqueue(trx, deps.now(), { eventRowId: row.id });
    return true;
  });
  if (queued) wakeJobs(deps);
  return { event: await viewOf(deps, userId, taskId, active.id), created: true };
}
