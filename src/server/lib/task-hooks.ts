import type { Db } from '../db/database.ts';
import type { AppDeps, TaskHooks, TaskScope } from '../deps.ts';
import { wakeJobs } from '../jobs/queue.ts';

/**
 * What other modules do when tasks change or go (calendar sync: update or delete the synced events).
 * Lives here, not in tasks/ or calendar-sync/, so that tasks and todos (whose deletes cascade to tasks)
 * can call it and calendar-sync can listen (app.ts lists the listeners in `deps.context.hooks.tasks`) without either importing the other (architecture.test.ts).
 * Listeners run inside the change's transaction, so the durable jobs they write commit with it, and
 * must not call out to the network; they answer whether they enqueued work.
 */

export type { TaskHooks, TaskScope } from '../deps.ts';

async function each(deps: AppDeps, run: (hooks: TaskHooks) => Promise<boolean>): Promise<boolean> {
  let queued = false;
  for (const hooks of deps.context.hooks.tasks) queued = (await run(hooks)) || queued;
  return queued;
}

export const tasksCreated = (deps: AppDeps, trx: Db, userId: string, taskId: string) =>
  each(deps, async (hooks) => (hooks.created ? hooks.created(trx, userId, taskId) : false));

export const tasksChanged = (deps: AppDeps, trx: Db, userId: string, scope: TaskScope) =>
  each(deps, (hooks) => hooks.changed(trx, userId, scope));

export const tasksDeleting = (deps: AppDeps, trx: Db, userId: string, scope: TaskScope) =>
  each(deps, (hooks) => hooks.deleting(trx, userId, scope));

/** After the transaction committed: run the jobs the hooks wrote now, not at the next poll. */
export function afterTaskHooks(deps: AppDeps, queued: boolean): void {
  if (queued) wakeJobs(deps);
}
