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

/** Tasks with their list and category (primary-key lookups): what every plan query reads. */
function planJoins(db: Db) {
  return db
    .selectFrom('todo_items as i')
    .innerJoin('todos as t', 't.id', 'i.todo_id')
    .innerJoin('todo_categories as c', 'c.id', 'i.category_id');
}

/** A user's tasks, found through todo_items_plan_idx (user, open, due date). */
const planFrom = (db: Db, userId: string) => planJoins(db).where('i.user_id', '=', userId);

type PlanFrom = ReturnType<typeof planJoins>;

/** Open tasks with a due date through `through`, and from `from` on (or repeating, when `repeating`). */
function inWindow(query: PlanFrom, window: PlanWindow): PlanFrom {
  const { from, through } = window;
  return query.where((eb) => {
    const open = [
      eb('i.completed', '=', 0),
      eb('i.due_date', 'is not', null),
      eb('i.due_date', '<=', through),
    ];
    if (from === undefined) return eb.and(open);
    const since = eb('i.due_date', '>=', from);
    return eb.and([...open, window.repeating ? eb.or([since, eb('i.repeat_rule', 'is not', null)]) : since]);
  });
}

/**
 * The tasks as plan rows: with their list's and category's names, and their subtask progress counted
 * beside each row on todo_subtasks_item_idx alone (a second query by id would bind every id again).
 */
function planColumns(query: PlanFrom) {
  return query
    .selectAll('i')
    .select(['t.title as todo_title', 'c.title as category_title', 't.position as todo_position'])
    .select('c.position as category_position')
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
    ]);
}

/**
 * The query, unexecuted (plan-views.test.ts checks its plan on both engines): open tasks in the window
 * through todo_items_plan_idx, as plan rows. In due order: by day, the timed ones by time, then the
 * all-day ones in list order; `newestFirst` takes the days backwards (Today's overdue pages), the order
 * within a day unchanged.
 */
export function planTasksQuery(db: Db, userId: string, window: PlanWindow, newestFirst = false) {
  return planColumns(inWindow(planFrom(db, userId), window))
    .orderBy('i.due_date', newestFirst ? 'desc' : 'asc')
    .orderBy(sql`case when i.due_time is null then 1 else 0 end`)
    .orderBy('i.due_time')
    .orderBy('t.position')
    .orderBy('c.position')
    .orderBy('i.position')
    .orderBy('i.id');
}

/**
 * The query behind Upcoming's pages, unexecuted (its plan checked too): only what places each task of
 * the window on its days (no text, names, counts or order), so that a page is chosen before its rows are
 * read. The page's own rows come in due order from `byDueOrder`: PostgreSQL sorting the window's 2,000
 * rows by text under the database's collation took 5 ms of the query's 7 (measured).
 */
export function planPlacesQuery(db: Db, userId: string, window: PlanWindow) {
  return inWindow(planFrom(db, userId), window).select([
    'i.id',
    'i.due_date',
    'i.repeat_rule',
    'i.repeat_mode',
    'i.repeat_start',
  ]);
}

/**
 * The plan rows of these tasks of the user, in no order, unexecuted (its plan checked too): each found by
 * its primary key. The owner is compared as an expression (`|| ''`, the same text on both engines) that
 * no index serves, or SQLite without statistics reads every task of the user through todo_items_plan_idx
 * to pick 170 of 10,000 (6 ms of a 12 ms page, measured).
 */
export function planRowsByIdsQuery(db: Db, userId: string, ids: readonly string[]) {
  return planColumns(planJoins(db).where('i.id', 'in', ids).where(sql`i.user_id || ''`, '=', userId));
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

type PlanPlace = Awaited<ReturnType<ReturnType<typeof planPlacesQuery>['execute']>>[number];

const compare = (x: string | number, y: string | number) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Due order: by day, the timed ones by time, then the all-day ones in list order (planTasksQuery's
 * order by), comparing code units as SQLite's BINARY collation does.
 */
function byDueOrder(a: PlanRow, b: PlanRow): number {
  return (
    compare(a.due_date ?? '', b.due_date ?? '') ||
    compare(a.due_time ?? '~', b.due_time ?? '~') ||
    compare(a.todo_position, b.todo_position) ||
    compare(a.category_position, b.category_position) ||
    compare(a.position, b.position) ||
    compare(a.id, b.id)
  );
}

/**
 * The days from `from` through `through` a repeating task falls on after its current one. Fixed
 * schedules only: an after-completion rule has no next day until the task is done.
 */
function laterDays(place: PlanPlace, from: string, through: string): readonly string[] {
  const { repeat_rule: rule, due_date: dueDate } = place;
  if (!rule || (place.repeat_mode ?? 'fixed') !== 'fixed' || !dueDate) return [];
  const first = [addDays(dueDate, 1), from].sort().at(-1) ?? from;
  if (first > through) return [];
  return occurrenceDatesBetween(rule, place.repeat_start ?? dueDate, first, through, upcomingMaxDays);
}

/** One page of Upcoming: its days, each with its tasks and the ids of later occurrences falling on it. */
export interface UpcomingPage {
  days: Array<{ date: string; tasks: PlanTask[]; later: string[] }>;
  /** Repeating tasks due before the page's first day whose later occurrences fall in it. */
  repeating: PlanTask[];
  /** The first day of the window not in this page, or null when the page ends the window. */
  nextFrom: string | null;
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Upcoming from `from` on, whole days until at least `pageSize` tasks (or the window's end): on which
 * days every task of the rest of the window falls is read first (planPlacesQuery, five columns), then
 * only the page's tasks in full. A repeating task's later days are listed by id, not copied: a daily task
 * would otherwise be sent fourteen times with its labels and names. A 10,000-task account with 2,000
 * repeating tasks has 4,500 entries in 14 days (1 MB of JSON, 29 ms on SQLite and 45 ms on PostgreSQL
 * to send at once, and as many rows to draw); the screen shows a few dozen.
 */
export async function readUpcomingPage(
  db: Db,
  userId: string,
  window: { from: string; through: string },
  pageSize: number,
): Promise<UpcomingPage> {
  const { from, through } = window;
  const places = await planPlacesQuery(db, userId, { from, through, repeating: true }).execute();
  const due = new Map<string, number>();
  const later = new Map<string, PlanPlace[]>();
  for (const place of places) {
    const day = place.due_date ?? '';
    if (day >= from) due.set(day, (due.get(day) ?? 0) + 1);
    for (const laterDay of laterDays(place, from, through)) pushTo(later, laterDay, place);
  }
  const dates: string[] = [];
  let entries = 0;
  for (let day = from; day <= through && entries < pageSize; day = addDays(day, 1)) {
    dates.push(day);
    entries += (due.get(day) ?? 0) + (later.get(day)?.length ?? 0);
  }
  const last = dates.at(-1) ?? from;
  const wanted = new Set<string>();
  for (const place of places) {
    const day = place.due_date ?? '';
    if (day >= from && day <= last) wanted.add(place.id);
  }
  for (const date of dates) for (const place of later.get(date) ?? []) wanted.add(place.id);
  const rows = wanted.size === 0 ? [] : await planRowsByIdsQuery(db, userId, [...wanted]).execute();
  rows.sort(byDueOrder);
  const tasks = await toPlanTasks(db, userId, rows);
  const rank = new Map(tasks.map((task, index) => [task.id, index]));
  const onDay = new Map<string, PlanTask[]>();
  const repeating: PlanTask[] = [];
  for (const task of tasks) {
    const day = task.dueDate ?? '';
    if (day >= from) pushTo(onDay, day, task);
    else repeating.push(task);
  }
  // A later occurrence's place: by time (the all-day ones last), then in its task's due order.
  const timeOf = new Map(tasks.map((task) => [task.id, task.dueTime ?? '~']));
  const laterOrder = (a: PlanPlace, b: PlanPlace) =>
    compare(timeOf.get(a.id) ?? '~', timeOf.get(b.id) ?? '~') ||
    (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0);
  const days = dates.map((date) => ({
    date,
    tasks: onDay.get(date) ?? [],
    later: (later.get(date) ?? [])
      .filter((place) => rank.has(place.id))
      .sort(laterOrder)
      .map((place) => place.id),
  }));
  return { days, repeating, nextFrom: last < through ? addDays(last, 1) : null };
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
