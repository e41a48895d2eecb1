import { randomUUID } from 'node:crypto';
import { advance, firstOccurrence } from '../../../shared/domain/recurrence.ts';
import { parseRule, type RepeatMode } from '../../../shared/domain/repeat-rule.ts';
import { dayInTimeZone } from '../../../shared/domain/time-zone.ts';
import { messages } from '../../../shared/messages.ts';
import type { RepeatSettingBody, Task, TaskOccurrence } from '../../../shared/schemas/task.ts';
import { AppError, badRequest, notFound } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { afterTaskHooks, tasksChanged } from '../../lib/task-hooks.ts';
import { profileTimeZone } from '../entitlement/index.ts';
import { labelIdsByTask } from './labels.repo.ts';
import {
  countOccurrencesSince,
  deleteOccurrence,
  findOccurrence,
  insertOccurrence,
  listOccurrences,
  recloseSubtasks,
  reopenSubtasks,
  toOccurrence,
} from './occurrences.repo.ts';
import { findTask, type TaskChanges, type TaskRow, toTask } from './tasks.repo.ts';

/**
 * Repeating tasks: completing or skipping the current occurrence records it in the task's history and
 * moves the due date to the next one (the due time stays); when the rule has ended the task completes for
 * good. Every step runs in the caller's transaction; the move is a compare-and-set on the due date, so a
 * second request for the same occurrence (a double click, another tab) finds it moved and changes nothing.
 */

export type OccurrenceAction = TaskOccurrence['action'];

const conflict = (message: string) => new AppError('conflict', 409, message);

/** The columns a repeat setting writes; `start` is the series' first day (the task's due date). */
export function repeatColumns(
  repeat: RepeatSettingBody | null,
  start: string | null,
): Required<Pick<TaskChanges, 'repeat_rule' | 'repeat_mode' | 'repeat_start'>> {
  if (!repeat || !start) return { repeat_rule: null, repeat_mode: null, repeat_start: null };
  return { repeat_rule: repeat.rule, repeat_mode: repeat.mode, repeat_start: start };
}

/** A new repeating task without a date is due on the rule's first day from today, in the account's zone. */
export async function firstDueDate(
  deps: AppDeps,
  db: Db,
  userId: string,
  repeat: RepeatSettingBody,
  dueTime: string | null,
): Promise<string | null> {
  const zone = await profileTimeZone(db, userId);
  return firstOccurrence(repeat.rule, dayInTimeZone(deps.now(), zone), dueTime, zone)?.date ?? null;
}

/** A setting on a task that must have (or be given) a due date: the 400 the schema gives, else. */
export function checkRepeatHasDate(dueDate: string | null): void {
  if (!dueDate) throw badRequest(messages.api.invalidInput, { repeat: messages.todos.repeatNeedsDate });
}

/**
 * Records `action` for the task's current occurrence and moves it on; returns the row as it is after.
 * `occurrence` names the one meant: already recorded is a no-op, another one is 409.
 */
export async function passOccurrence(
  deps: AppDeps,
  trx: Db,
  userId: string,
  task: TaskRow,
  action: OccurrenceAction,
  occurrence: string | undefined,
): Promise<TaskRow> {
  const current = task.due_date;
  if (!task.repeat_rule || !current) throw conflict(messages.todos.notRepeating);
  const target = occurrence ?? current;
  if (target !== current || Number(task.completed) === 1) {
    if (await findOccurrence(trx, userId, task.id, target)) return task;
    throw conflict(messages.todos.occurrenceNotCurrent);
  }
  const now = deps.now();
  const zone = await profileTimeZone(trx, userId);
  const start = task.repeat_start ?? current;
  const setting = { rule: task.repeat_rule, mode: (task.repeat_mode ?? 'fixed') as RepeatMode };
  // Only an after-completion rule that ends after COUNT times needs the history counted (a fixed one's
  // COUNT is counted from its start by the expansion itself).
  const counted = setting.mode === 'afterCompletion' && parseRule(setting.rule)?.count !== undefined;
  const done = counted ? await countOccurrencesSince(trx, userId, task.id, start) : 0;
  const at = { date: current, time: task.due_time };
  const next = advance(
    setting,
    { date: start, time: task.due_time },
    at,
    dayInTimeZone(now, zone),
    done,
    zone,
  );
  const moved = await trx
    .updateTable('todo_items')
    .set(
      next
        ? { due_date: next.date, updated_at: now.toISOString() }
        : { completed: 1, updated_at: now.toISOString() },
    )
    .where('id', '=', task.id)
    .where('user_id', '=', userId)
    .where('due_date', '=', current)
    .where('completed', '=', 0)
    .returningAll()
    .executeTakeFirst();
  // Someone else moved it first: theirs is the completion of this occurrence.
  if (!moved) return (await findTask(trx, userId, task.id)) ?? task;
  await insertOccurrence(trx, {
    id: randomUUID(),
    task_id: task.id,
    user_id: userId,
    occurrence_date: current,
    occurrence_time: task.due_time,
    action,
    at: now.toISOString(),
  });
  if (next) await reopenSubtasks(trx, userId, task.id, now.toISOString());
  return moved;
}

const labelIdsOf = async (db: Db, userId: string, taskId: string) =>
  (await labelIdsByTask(db, userId, { taskIds: [taskId] })).get(taskId) ?? [];

/** POST /api/tasks/:id/skip: the current occurrence is skipped, the task moves on. */
export async function skipOccurrence(
  deps: AppDeps,
  userId: string,
  id: string,
  occurrence: string | undefined,
): Promise<Task> {
  const { task, queued } = await deps.database.db.transaction().execute(async (trx) => {
    const row = await findTask(trx, userId, id);
    if (!row) throw notFound(messages.api.notFound);
    const after = await passOccurrence(deps, trx, userId, row, 'skipped', occurrence);
    const task = toTask(after, await labelIdsOf(trx, userId, id));
    return { task, queued: await tasksChanged(deps, trx, userId, { column: 'id', value: id }) };
  });
  afterTaskHooks(deps, queued);
  return task;
}

/** GET /api/tasks/:id/occurrences. */
export async function taskOccurrences(deps: AppDeps, userId: string, id: string): Promise<TaskOccurrence[]> {
  const { db } = deps.database;
  if (!(await findTask(db, userId, id))) throw notFound(messages.api.notFound);
  return (await listOccurrences(db, userId, id)).map(toOccurrence);
}

/**
 * Undo of the latest completion or skip: the task is due on that occurrence again (and open), the
 * subtasks it reopened are done again, and the entry goes. Only the latest: undoing an older one would
 * leave the dates out of order.
 */
export async function undoOccurrence(deps: AppDeps, userId: string, id: string, occurrenceId: string) {
  const { task, queued } = await deps.database.db.transaction().execute(async (trx) => {
    const row = await findTask(trx, userId, id);
    const history = row ? await listOccurrences(trx, userId, id) : [];
    const entry = history.find((item) => item.id === occurrenceId);
    if (!row || !entry) throw notFound(messages.api.notFound);
    if (history[0]?.id !== entry.id) throw conflict(messages.todos.undoOnlyLatest);
    const now = deps.now().toISOString();
    const restored = await trx
      .updateTable('todo_items')
      .set({
        due_date: entry.occurrence_date,
        due_time: entry.occurrence_time,
        completed: 0,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recloseSubtasks(trx, userId, id, entry.at, now);
    await deleteOccurrence(trx, userId, entry.id);
    const task = toTask(restored, await labelIdsOf(trx, userId, id));
    return { task, queued: await tasksChanged(deps, trx, userId, { column: 'id', value: id }) };
  });
  afterTaskHooks(deps, queued);
  return task;
}
