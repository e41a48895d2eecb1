import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { defineJob, type JobContext } from '../../jobs/queue.ts';
import type { TaskHooks, TaskScope } from '../../lib/task-hooks.ts';
import {
  eventsInScope,
  findEventById,
  findIntegrationById,
  timedEventsOfUser,
  updateEvent,
} from './calendar-sync.repo.ts';
import { ProviderError, type ProviderEventRef } from './providers/provider.ts';
import { eventPayload, failureMessage, withProvider } from './sync-engine.ts';

/**
 * Keeping synced events current (docs/calendar-sync.md), never in the user's request. A change to a task
 * bumps `version` on each of its event rows and, when no job waits for that row yet (`job_queued`), writes
 * one `calendar.push` job in the change's transaction: a burst of edits makes one job, which pushes the
 * task as it is when it runs. The job marks the row synced only if `version` did not move meanwhile,
 * else it pushes again. A delete captures the event references in the delete's transaction (the rows
 * cascade away with the task) and writes `calendar.delete` jobs carrying them.
 * 429 and 5xx are retried with the worker's backoff (5 s, 10 s, … ±20 %); any other refusal marks the row
 * failed with the provider's message, and the last attempt gives up the same way.
 */

const maxAttempts = 8;
/** A task edited faster than it can be pushed: after this many passes, a later change picks it up. */
const maxPasses = 5;

const isRetryable = (error: unknown) =>
  !(error instanceof ProviderError) || error.kind === 'rate_limited' || error.kind === 'transient';

export const calendarPushJob = defineJob({
  kind: 'calendar.push',
  payload: z.object({ eventRowId: z.string() }),
  maxAttempts,
  async run(deps, { eventRowId }, context) {
    for (let pass = 0; pass < maxPasses; pass++) {
      if ((await pushOnce(deps, eventRowId, context)) === 'done') return;
    }
    await updateEvent(deps.database.db, eventRowId, { job_queued: 0 });
  },
});

async function pushOnce(deps: AppDeps, eventRowId: string, context: JobContext): Promise<'done' | 'again'> {
  const { db } = deps.database;
  const row = await findEventById(db, eventRowId);
  if (!row) return 'done';
  const integration = await findIntegrationById(db, row.integration_id);
  if (integration?.is_active !== 1) {
    // Turned off or disconnected since: nothing to push; a change after it is active again enqueues.
    await updateEvent(db, row.id, { job_queued: 0 });
    return 'done';
  }
  const payload = await eventPayload(deps, db, integration, row.todo_item_id);
  if (!payload) return 'done';
  const now = () => deps.now().toISOString();
  const ref: ProviderEventRef = { eventId: row.event_id, eventUrl: row.event_url, etag: row.etag };
  let pushed: ProviderEventRef;
  try {
    pushed = await withProvider(deps, integration, async (client, credentials) => {
      try {
        return await client.updateEvent(credentials, integration.calendar_id ?? '', ref, payload);
      } catch (error) {
        // Deleted on the provider's side: the task is still synced, so the event comes back.
        if (error instanceof ProviderError && error.kind === 'not_found') {
          return client.createEvent(credentials, integration.calendar_id ?? '', payload);
        }
        throw error;
      }
    });
  } catch (error) {
    const message = failureMessage(error);
    if (isRetryable(error) && context.attempt < maxAttempts) {
      // Still pending; the message shows why it is late. The worker retries with backoff.
      await updateEvent(db, row.id, { error: message, updated_at: now() });
      throw error;
    }
    context.log.warn({ event: 'calendar.push_failed', eventRowId, reason: message }, 'calendar push failed');
    await updateEvent(db, row.id, {
      sync_status: 'failed',
      error: message,
      job_queued: 0,
      updated_at: now(),
    });
    return 'done';
  }
  const stamp = now();
  const settled = await updateEvent(
    db,
    row.id,
    {
      event_id: pushed.eventId,
      event_url: pushed.eventUrl ?? row.event_url,
      etag: pushed.etag,
      sync_status: 'synced',
      error: null,
      last_synced_at: stamp,
      job_queued: 0,
      updated_at: stamp,
    },
    row.version,
  );
  if (settled) return 'done';
  if (await findEventById(db, row.id)) return 'again';
  // The task was deleted while we pushed (its delete job may hold the old reference): remove ours too.
  await withProvider(deps, integration, (client, credentials) =>
    client.deleteEvent(credentials, integration.calendar_id ?? '', pushed),
  ).catch(() => undefined);
  return 'done';
}

export const calendarDeleteJob = defineJob({
  kind: 'calendar.delete',
  payload: z.object({
    integrationId: z.string(),
    eventId: z.string(),
    eventUrl: z.string().nullable(),
    etag: z.string().nullable(),
  }),
  maxAttempts,
  async run(deps, payload, context) {
    const integration = await findIntegrationById(deps.database.db, payload.integrationId);
    if (integration?.is_active !== 1) return;
    try {
      await withProvider(deps, integration, (client, credentials) =>
        client.deleteEvent(credentials, integration.calendar_id ?? '', payload),
      );
    } catch (error) {
      if (isRetryable(error) && context.attempt < maxAttempts) throw error;
      // The task is gone, so there is nowhere to show this: logged (without any credential).
      context.log.warn(
        { event: 'calendar.delete_failed', integrationId: integration.id, reason: failureMessage(error) },
        'calendar event delete failed',
      );
    }
  },
});

/** Marks the events in scope pending and writes one push job per row that has none waiting. */
export async function enqueuePushes(
  deps: AppDeps,
  trx: Db,
  userId: string,
  scope: TaskScope,
): Promise<boolean> {
  return markAndEnqueue(deps, trx, await eventsInScope(trx, userId, scope));
}

/**
 * The account's time zone changed: a timed task's event starts at another instant (its due time is
 * wall-clock time in that zone), so each is pushed again; all-day events do not move.
 */
export async function enqueueTimedPushes(deps: AppDeps, trx: Db, userId: string): Promise<boolean> {
  return markAndEnqueue(deps, trx, await timedEventsOfUser(trx, userId));
}

async function markAndEnqueue(deps: AppDeps, trx: Db, rows: ReadonlyArray<{ id: string }>): Promise<boolean> {
  if (rows.length === 0) return false;
  const ids = rows.map((row) => row.id);
  const stamp = deps.now().toISOString();
  await trx
    .updateTable('task_calendar_events')
    .set((eb) => ({ version: eb('version', '+', 1), sync_status: 'pending', updated_at: stamp }))
    .where('id', 'in', ids)
    .execute();
  // The row lock taken above makes this claim atomic: of two concurrent changes one enqueues.
  const claimed = await trx
    .updateTable('task_calendar_events')
    .set({ job_queued: 1 })
    .where('id', 'in', ids)
    .where('job_queued', '=', 0)
    .returning('id')
    .execute();
  for (const { id } of claimed) await calendarPushJob.enqueue(trx, deps.now(), { eventRowId: id });
  return claimed.length > 0;
}

/** In the delete's transaction: the references the cascade is about to remove become delete jobs. */
export async function enqueueDeletes(
  deps: AppDeps,
  trx: Db,
  userId: string,
  scope: TaskScope,
): Promise<boolean> {
  const rows = await eventsInScope(trx, userId, scope);
  for (const row of rows) {
    await calendarDeleteJob.enqueue(trx, deps.now(), {
      integrationId: row.integration_id,
      eventId: row.event_id,
      eventUrl: row.event_url,
      etag: row.etag,
    });
  }
  return rows.length > 0;
}

export const calendarTaskHooks = (deps: AppDeps): TaskHooks => ({
  changed: (trx, userId, scope) => enqueuePushes(deps, trx, userId, scope),
  deleting: (trx, userId, scope) => enqueueDeletes(deps, trx, userId, scope),
});
