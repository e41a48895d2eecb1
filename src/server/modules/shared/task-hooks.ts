import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { wakeJobs } from '../../jobs/queue.ts';

/**
 * What other modules do when tasks change or go (calendar sync: update or delete the synced events).
 * Lives here, not in tasks/ or calendar-sync/, so that tasks and todos (whose deletes cascade to tasks)
 * can call it and calendar-sync can listen without either importing the other (architecture.test.ts).
 * Listeners run inside the change's transaction, so the durable jobs they write commit with it, and
 * must not call out to the network; they answer whether they enqueued work.
 */

/** Which tasks (todo_items rows) a change or delete covers: one task, a category's or a todo's. */
export type TaskScope = { column: 'id' | 'category_id' | 'todo_id'; value: string };

export interface TaskHooks {
  /** Their title, due date, estimate, priority, completion or subtasks changed. */
  changed(trx: Db, userId: string, scope: TaskScope): Promise<boolean>;
  /** They are about to be deleted (their rows, and rows cascading from them, are still there). */
  deleting(trx: Db, userId: string, scope: TaskScope): Promise<boolean>;
}

const registry = new WeakMap<AppDeps, TaskHooks[]>();

export function addTaskHooks(deps: AppDeps, hooks: TaskHooks): void {
  registry.set(deps, [...(registry.get(deps) ?? []), hooks]);
}

async function each(deps: AppDeps, run: (hooks: TaskHooks) => Promise<boolean>): Promise<boolean> {
  let queued = false;
  for (const hooks of registry.get(deps) ?? []) queued = (await run(hooks)) || queued;
  return queued;
}

export const tasksChanged = (deps: AppDeps, trx: Db, userId: string, scope: TaskScope) =>
  each(deps, (hooks) => hooks.changed(trx, userId, scope));

export const tasksDeleting = (deps: AppDeps, trx: Db, userId: string, scope: TaskScope) =>
  each(deps, (hooks) => hooks.deleting(trx, userId, scope));

/** After the transaction committed: run the jobs the hooks wrote now, not at the next poll. */
export function afterTaskHooks(deps: AppDeps, queued: boolean): void {
  if (queued) wakeJobs(deps);
}
