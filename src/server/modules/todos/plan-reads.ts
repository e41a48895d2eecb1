import { sql } from 'kysely';
import { addDays, upcomingMaxDays } from '../../../shared/domain/plan-days.ts';
import { occurrencesBetween } from '../../../shared/domain/recurrence.ts';
import type { PlanCounts, PlanTask } from '../../../shared/schemas/plan.ts';
import type { Db } from '../../db/database.ts';
import { labelIdsByTask } from './labels.repo.ts';
import { toTask } from './tasks.repo.ts';

/**
 * Which open tasks a plan view wants: due on or before `through`, and on or after `from` when given
 * (Today has no lower bound: overdue tasks belong to it).
 */
export interface PlanWindow {
  from?: string;
  through: string;
}

/**
 * The query, unexecuted (plan-views.test.ts checks its plan on both engines): open tasks in the window
 * through todo_items_plan_idx, with their list and category names (primary-key lookups) and subtasks
 * counted. In due order: by day, the timed ones by time, then the all-day ones in list order.
 */
export function planTasksQuery(db: Db, userId: string, window: PlanWindow) {
  return db
    .selectFrom('todo_items as i')
    .innerJoin('todos as t', 't.id', 'i.todo_id')
    .innerJoin('todo_categories as c', 'c.id', 'i.category_id')
    .selectAll('i')
    .select(['t.title as todo_title', 'c.title as category_title'])
    .select((eb) => [
      eb
        .selectFrom('todo_subtasks as s')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .whereRef('s.todo_item_id', '=', 'i.id')
        .as('subtasks_total'),
      eb
        .selectFrom('todo_subtasks as s')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .whereRef('s.todo_item_id', '=', 'i.id')
        .where('s.completed', '=', 1)
        .as('subtasks_completed'),
    ])
    .where('i.user_id', '=', userId)
    .where('i.completed', '=', 0)
    .where('i.due_date', 'is not', null)
    .where('i.due_date', '<=', window.through)
    .$if(window.from !== undefined, (query) => query.where('i.due_date', '>=', window.from ?? ''))
    .orderBy('i.due_date')
    .orderBy(sql`case when i.due_time is null then 1 else 0 end`)
    .orderBy('i.due_time')
    .orderBy('t.position')
    .orderBy('c.position')
    .orderBy('i.position')
    .orderBy('i.id');
}

type PlanRow = Awaited<ReturnType<ReturnType<typeof planTasksQuery>['execute']>>[number];

async function toPlanTasks(db: Db, userId: string, rows: PlanRow[]): Promise<PlanTask[]> {
  const labels = await labelIdsByTask(db, userId, { taskIds: rows.map((row) => row.id) });
  return rows.map(({ todo_title, category_title, subtasks_completed, subtasks_total, ...row }) => ({
    ...toTask(row, labels.get(row.id) ?? []),
    subtasksCompleted: Number(subtasks_completed ?? 0),
    subtasksTotal: Number(subtasks_total ?? 0),
    todoTitle: todo_title,
    categoryTitle: category_title,
  }));
}

/**
 * A repeating task's occurrences after its current one that fall in the window, each as a copy of the
 * task on its own day (`laterOccurrence`). Fixed schedules only: an after-completion rule has no next day
 * until the task is done. At most one per day of the window.
 */
function laterOccurrences(task: PlanTask, start: string | null, window: Required<PlanWindow>, zone: string) {
  const { repeat, dueDate } = task;
  if (repeat?.mode !== 'fixed' || !dueDate) return [];
  const dayAfter = addDays(dueDate, 1);
  const from = [dayAfter, window.from].sort().at(-1) ?? window.from;
  if (from > window.through) return [];
  const anchor = { date: start ?? dueDate, time: task.dueTime };
  return occurrencesBetween(repeat.rule, anchor, from, window.through, zone, upcomingMaxDays).map(
    (occurrence): PlanTask => ({ ...task, dueDate: occurrence.date, laterOccurrence: true }),
  );
}

/** Due order within the merged list: by day, the timed ones by time, then the all-day ones (stable). */
const dueKey = (task: PlanTask) => `${task.dueDate ?? ''} ${task.dueTime ?? '~'}`;

/**
 * The one read of the plan views' tasks. A repeating task is due on its next occurrence, so it appears
 * there; with a lower bound (Upcoming), its later occurrences in the window appear too, on their days
 * (read in the account's `zone`).
 */
export async function readPlanTasks(
  db: Db,
  userId: string,
  window: PlanWindow,
  zone = 'UTC',
): Promise<PlanTask[]> {
  const tasks = await toPlanTasks(db, userId, await planTasksQuery(db, userId, window).execute());
  if (window.from === undefined) return tasks;
  const bounded = { from: window.from, through: window.through };
  // Every open repeating task due by the window's end, overdue ones included: their later days may fall in it.
  const repeatingRows = await planTasksQuery(db, userId, { through: window.through })
    .where('i.repeat_rule', 'is not', null)
    .execute();
  const starts = new Map(repeatingRows.map((row) => [row.id, row.repeat_start]));
  const repeating = await toPlanTasks(db, userId, repeatingRows);
  const later = repeating.flatMap((task) =>
    laterOccurrences(task, starts.get(task.id) ?? null, bounded, zone),
  );
  if (later.length === 0) return tasks;
  return [...tasks, ...later].sort((a, b) => (dueKey(a) < dueKey(b) ? -1 : dueKey(a) > dueKey(b) ? 1 : 0));
}

/** The query behind the counts, unexecuted: one pass over the same index, no task rows read. */
export function planCountsQuery(db: Db, userId: string, today: string, lastUpcomingDay: string) {
  return db
    .selectFrom('todo_items')
    .select([
      sql<number | string | null>`sum(case when due_date < ${today} then 1 else 0 end)`.as('overdue'),
      sql<number | string | null>`sum(case when due_date = ${today} then 1 else 0 end)`.as('due_today'),
      sql<number | string | null>`sum(case when due_date >= ${today} then 1 else 0 end)`.as('upcoming'),
    ])
    .where('user_id', '=', userId)
    .where('completed', '=', 0)
    .where('due_date', 'is not', null)
    .where('due_date', '<=', lastUpcomingDay);
}

export async function readPlanCounts(
  db: Db,
  userId: string,
  today: string,
  lastUpcomingDay: string,
): Promise<PlanCounts> {
  const row = await planCountsQuery(db, userId, today, lastUpcomingDay).executeTakeFirst();
  const overdue = Number(row?.overdue ?? 0);
  return {
    overdue,
    today: overdue + Number(row?.due_today ?? 0),
    upcoming: Number(row?.upcoming ?? 0),
  };
}
