import { sql } from 'kysely';
import { addDays, overduePageSize, upcomingMaxDays } from '../../../shared/domain/plan-days.ts';
import { occurrenceDatesBetween } from '../../../shared/domain/recurrence-dates.ts';
import type { PlanCounts, PlanTask } from '../../../shared/schemas/plan.ts';
import type { Db } from '../../db/database.ts';
import { labelIdsByTask } from './labels.repo.ts';
import { toTask } from './tasks.repo.ts';

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
  return (
    db
      .selectFrom('todo_items as i')
      .innerJoin('todos as t', 't.id', 'i.todo_id')
      .innerJoin('todo_categories as c', 'c.id', 'i.category_id')
      .selectAll('i')
      .select(['t.title as todo_title', 'c.title as category_title'])
      // Subtask progress counted beside each row on todo_subtasks_item_idx alone: a second query by id
      // would bind thousands of ids for Upcoming.
      .select((eb) => [
        eb
          .selectFrom('todo_subtasks as s')
          .select(eb.fn.countAll<number | string>().as('n'))
          .whereRef('s.todo_item_id', '=', 'i.id')
          .as('subtasks_total'),
        eb
          .selectFrom('todo_subtasks as s')
          .select(eb.fn.countAll<number | string>().as('n'))
          .whereRef('s.todo_item_id', '=', 'i.id')
          .where('s.completed', '=', 1)
          .as('subtasks_completed'),
      ])
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
      .orderBy('i.id')
  );
}

type PlanRow = Awaited<ReturnType<ReturnType<typeof planTasksQuery>['execute']>>[number];

/**
 * The rows as plan tasks: their labels read for all of them at once (one query). Each is built as one
 * object (toTask's, the four plan fields added to it), not copied per step: Upcoming maps 2,000 rows.
 */
async function toPlanTasks(db: Db, userId: string, rows: PlanRow[]): Promise<PlanTask[]> {
  const labels = await labelIdsByTask(db, userId, { taskIds: [...new Set(rows.map((row) => row.id))] });
  return rows.map((row) =>
    Object.assign(toTask(row, labels.get(row.id) ?? []), {
      subtasksCompleted: Number(row.subtasks_completed ?? 0),
      subtasksTotal: Number(row.subtasks_total ?? 0),
      todoTitle: row.todo_title,
      categoryTitle: row.category_title,
    }),
  );
}

/**
 * The days of the window a repeating task falls on after its current one. Fixed schedules only: an
 * after-completion rule has no next day until the task is done. At most one per day of the window.
 */
function laterDays(task: PlanTask, start: string | null, window: { from: string; through: string }) {
  const { repeat, dueDate } = task;
  if (repeat?.mode !== 'fixed' || !dueDate) return [];
  const dayAfter = addDays(dueDate, 1);
  const from = [dayAfter, window.from].sort().at(-1) ?? window.from;
  if (from > window.through) return [];
  return occurrenceDatesBetween(repeat.rule, start ?? dueDate, from, window.through, upcomingMaxDays);
}

/** Upcoming's tasks: each once, and which repeating ones fall again on which later days. */
export interface PlanWindowTasks {
  /** The open tasks due in the window, in due order. */
  due: PlanTask[];
  /** Repeating tasks due before the window that fall in it (the rest of `later`'s are in `due`). */
  repeating: PlanTask[];
  /** Day → the ids of the repeating tasks falling on it after their current occurrence, in due order. */
  later: Map<string, string[]>;
}

/** Due order of a day's later occurrences: the timed ones by time, then the all-day ones (stable). */
const timeKey = (task: PlanTask) => task.dueTime ?? '~';

/**
 * Upcoming's tasks from one read: the open tasks due from `from` through `through`, and every open
 * repeating task due by then (overdue ones included: their later days may fall in the window), whose
 * later days in the window are listed by id rather than copied: a daily task would otherwise be sent
 * fourteen times with its labels and names.
 */
export async function readPlanTasks(
  db: Db,
  userId: string,
  window: { from: string; through: string },
): Promise<PlanWindowTasks> {
  const rows = await planTasksQuery(db, userId, { ...window, repeating: true }).execute();
  const starts = new Map(rows.map((row) => [row.id, row.repeat_start]));
  const tasks = await toPlanTasks(db, userId, rows);
  const later = new Map<string, PlanTask[]>();
  const repeating: PlanTask[] = [];
  for (const task of tasks) {
    const days = laterDays(task, starts.get(task.id) ?? null, window);
    for (const day of days) {
      const onDay = later.get(day);
      if (onDay) onDay.push(task);
      else later.set(day, [task]);
    }
    if (days.length > 0 && (task.dueDate ?? '') < window.from) repeating.push(task);
  }
  const ids = new Map<string, string[]>();
  for (const [day, list] of later) {
    const sorted = list.toSorted((a, b) => (timeKey(a) < timeKey(b) ? -1 : timeKey(a) > timeKey(b) ? 1 : 0));
    ids.set(
      day,
      sorted.map((task) => task.id),
    );
  }
  return { due: tasks.filter((task) => (task.dueDate ?? '') >= window.from), repeating, later: ids };
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
  // In the schema's order: the plan routes send this as built (mapped-json.ts), and zod sent it so.
  return {
    today: overdue + Number(row?.due_today ?? 0),
    overdue,
    upcoming: Number(row?.upcoming ?? 0),
  };
}
