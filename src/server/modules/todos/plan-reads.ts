import { sql } from 'kysely';
import { addDays, overduePageSize, upcomingMaxDays } from '../../../shared/domain/plan-days.ts';
import { occurrencesBetween } from '../../../shared/domain/recurrence.ts';
import type { PlanCounts, PlanTask } from '../../../shared/schemas/plan.ts';
import type { Db } from '../../db/database.ts';
import { labelIdsByTask } from './labels.repo.ts';
import { subtaskCountsByTask } from './subtasks.repo.ts';
import { toTaskListItem } from './tasks.repo.ts';

/**
 * Which open tasks a plan view wants: due on or before `through`, and on or after `from` when given
 * (Today has no lower bound: overdue tasks belong to it). `repeating`: every repeating task due by
 * `through` too, whatever its date (Upcoming shows the later days of an overdue one).
 */
export interface PlanWindow {
  from?: string;
  through: string;
  repeating?: boolean;
}

/**
 * The query, unexecuted (plan-views.test.ts checks its plan on both engines): open tasks in the window
 * through todo_items_plan_idx, with their list and category names (primary-key lookups). In due order: by
 * day, the timed ones by time, then the all-day ones in list order; `newestFirst` takes the days backwards
 * (Today's overdue pages), the order within a day unchanged.
 */
export function planTasksQuery(db: Db, userId: string, window: PlanWindow, newestFirst = false) {
  const { from } = window;
  return db
    .selectFrom('todo_items as i')
    .innerJoin('todos as t', 't.id', 'i.todo_id')
    .innerJoin('todo_categories as c', 'c.id', 'i.category_id')
    .selectAll('i')
    .select(['t.title as todo_title', 'c.title as category_title'])
    .where('i.user_id', '=', userId)
    .where('i.completed', '=', 0)
    .where('i.due_date', 'is not', null)
    .where('i.due_date', '<=', window.through)
    .$if(from !== undefined, (query) =>
      query.where((eb) =>
        window.repeating
          ? eb.or([eb('i.due_date', '>=', from ?? ''), eb('i.repeat_rule', 'is not', null)])
          : eb('i.due_date', '>=', from ?? ''),
      ),
    )
    .orderBy('i.due_date', newestFirst ? 'desc' : 'asc')
    .orderBy(sql`case when i.due_time is null then 1 else 0 end`)
    .orderBy('i.due_time')
    .orderBy('t.position')
    .orderBy('c.position')
    .orderBy('i.position')
    .orderBy('i.id');
}

type PlanRow = Awaited<ReturnType<ReturnType<typeof planTasksQuery>['execute']>>[number];

/** The rows as plan tasks: their labels and subtask counts read for all of them at once (two queries). */
async function toPlanTasks(db: Db, userId: string, rows: PlanRow[]): Promise<PlanTask[]> {
  const taskIds = [...new Set(rows.map((row) => row.id))];
  const [labels, subtasks] = await Promise.all([
    labelIdsByTask(db, userId, { taskIds }),
    subtaskCountsByTask(db, userId, { taskIds }),
  ]);
  return rows.map(({ todo_title, category_title, ...row }) => ({
    ...toTaskListItem(row, labels, subtasks),
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
 * Upcoming's tasks from one read: the open tasks due from `from` through `through`, and every open
 * repeating task due by then (overdue ones included: their later days may fall in the window), whose
 * later occurrences in the window appear on their days (read in the account's `zone`).
 */
export async function readPlanTasks(
  db: Db,
  userId: string,
  window: { from: string; through: string },
  zone = 'UTC',
): Promise<PlanTask[]> {
  const rows = await planTasksQuery(db, userId, { ...window, repeating: true }).execute();
  const starts = new Map(rows.map((row) => [row.id, row.repeat_start]));
  const tasks = await toPlanTasks(db, userId, rows);
  const bounded = { ...window, repeating: true };
  const later = tasks.flatMap((task) => laterOccurrences(task, starts.get(task.id) ?? null, bounded, zone));
  const listed = tasks.filter((task) => (task.dueDate ?? '') >= window.from);
  if (later.length === 0) return listed;
  return [...listed, ...later].sort((a, b) => (dueKey(a) < dueKey(b) ? -1 : dueKey(a) > dueKey(b) ? 1 : 0));
}

/**
 * Today's tasks: every one due `today`, and one page of the overdue ones, newest due first, from
 * `overdueOffset` on. Labels and subtask counts are read once for both.
 */
export async function readTodayTasks(
  db: Db,
  userId: string,
  today: string,
  overdueOffset: number,
): Promise<{ overdue: PlanTask[]; dueToday: PlanTask[] }> {
  const todayRows = await planTasksQuery(db, userId, { from: today, through: today }).execute();
  const overdueRows = await planTasksQuery(db, userId, { through: addDays(today, -1) }, true)
    .limit(overduePageSize)
    .offset(overdueOffset)
    .execute();
  const tasks = await toPlanTasks(db, userId, [...overdueRows, ...todayRows]);
  return { overdue: tasks.slice(0, overdueRows.length), dueToday: tasks.slice(overdueRows.length) };
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
