import { buildCalendarEvent } from '../../../shared/domain/calendar-event.ts';
import { taskEventUid } from '../../../shared/domain/event-uid.ts';
import { repeatModes } from '../../../shared/domain/repeat-rule.ts';
import { type Priority, priorities } from '../../../shared/domain/task-display.ts';
import { messages } from '../../../shared/messages.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { profileTimeZone } from '../entitlement/index.ts';
import { skippedOccurrences } from '../todos/index.ts';
import { findTaskForEvent, type IntegrationRow, subtasksForEvent } from './calendar-sync.repo.ts';
import { credentialsFor, markReconnect, reconnectError } from './credentials.ts';
import { providerClient } from './providers/index.ts';
import {
  type CalendarEventPayload,
  type CalendarProviderClient,
  type ProviderCredentials,
  ProviderError,
} from './providers/provider.ts';

/**
 * The provider-agnostic half of a sync: the event built from the task, and one provider call with fresh
 * credentials (refreshed when expired, and once more after a 401). Used by the first sync (in the
 * request) and by the propagation jobs.
 */

const priorityOf = (value: string): Priority =>
  (priorities as readonly string[]).includes(value) ? (value as Priority) : 'medium';

/** The event for a task as it is now, or null when the task is gone. */
export async function eventPayload(
  deps: AppDeps,
  db: Db,
  integration: IntegrationRow,
  taskId: string,
): Promise<CalendarEventPayload | null> {
  const task = await findTaskForEvent(db, integration.user_id, taskId);
  if (!task) return null;
  const subtasks = await subtasksForEvent(db, integration.user_id, taskId);
  const dueTimeZone = await profileTimeZone(db, integration.user_id);
  const mode = repeatModes.find((known) => known === task.repeat_mode);
  const repeat = task.repeat_rule && mode ? { rule: task.repeat_rule, mode } : null;
  const skipped =
    repeat?.mode === 'fixed'
      ? ((await skippedOccurrences(db, integration.user_id, task.id)).get(task.id) ?? [])
      : [];
  return buildCalendarEvent(
    {
      id: task.id,
      text: task.text,
      completed: Number(task.completed) === 1,
      dueDate: task.due_date,
      dueTime: task.due_time,
      priority: priorityOf(task.priority),
      estimatedTime: task.estimated_time === null ? null : Number(task.estimated_time),
      repeat,
    },
    subtasks.map((subtask) => ({ text: subtask.text, completed: Number(subtask.completed) === 1 })),
    {
      appUrl: deps.config.APP_URL,
      todoId: task.todo_id,
      categoryId: task.category_id,
      timeZone: integration.time_zone,
      dueTimeZone,
      now: deps.now(),
      uid: taskEventUid(task.id, integration.id),
      series: repeat ? { start: task.repeat_start, skipped } : null,
    },
  );
}

export type ProviderCall<T> = (
  client: CalendarProviderClient,
  credentials: ProviderCredentials,
) => Promise<T>;

/**
 * Runs `call` against the integration's provider. A refusal of the credentials (401) refreshes an OAuth
 * token and tries once more; refused again, or a CalDAV password refused, the integration is marked
 * `reconnect` and the error says so (`messages.calendar.reconnect`).
 */
export async function withProvider<T>(
  deps: AppDeps,
  integration: IntegrationRow,
  call: ProviderCall<T>,
): Promise<T> {
  const client = providerClient(deps.config, integration.provider);
  if (!client) throw new ProviderError('rejected', messages.calendar.unsupportedProvider);
  if (integration.status === 'reconnect') throw reconnectError();
  let { credentials, row } = await credentialsFor(deps, integration);
  try {
    return await call(client, credentials);
  } catch (error) {
    if (!(error instanceof ProviderError && error.kind === 'auth')) throw error;
    if (integration.provider === 'caldav') {
      await markReconnect(deps, row);
      throw reconnectError();
    }
  }
  ({ credentials, row } = await credentialsFor(deps, row, true));
  try {
    return await call(client, credentials);
  } catch (error) {
    if (!(error instanceof ProviderError && error.kind === 'auth')) throw error;
    await markReconnect(deps, row);
    throw reconnectError();
  }
}

/** What a task shows for a failure: the provider's message, or the spec's `Failed to sync with calendar`. */
export const failureMessage = (error: unknown) =>
  error instanceof ProviderError && error.message ? error.message : messages.calendar.syncFailed;
