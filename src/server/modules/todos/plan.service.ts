import { addDays, upcomingDefaultDays, upcomingPageSize } from '../../../shared/domain/plan-days.ts';
import { dayInTimeZone } from '../../../shared/domain/time-zone.ts';
import type { PlanCountsResponse, TodayResponse, UpcomingResponse } from '../../../shared/schemas/plan.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { profileTimeZone } from '../entitlement/index.ts';
import { readPlanCounts, readTodayTasks, readUpcomingPage } from './plan-reads.ts';
import { snapshot } from './tasks.service.ts';

/** Today's calendar day in the account's time zone (UTC until one is set). */
async function todayOf(deps: AppDeps, db: Db, userId: string): Promise<string> {
  return dayInTimeZone(deps.now(), await profileTimeZone(db, userId));
}

const countsOf = (db: Db, userId: string, today: string) =>
  readPlanCounts(db, userId, today, addDays(today, upcomingDefaultDays - 1));

/** The sidebar's counts beside Today and Upcoming. */
export function planCounts(deps: AppDeps, userId: string): Promise<PlanCountsResponse> {
  return snapshot(deps).execute(async (trx) => {
    const today = await todayOf(deps, trx, userId);
    return { today, counts: await countsOf(trx, userId, today) };
  });
}

/**
 * Open tasks due today or before: one page of the overdue ones (newest due first, from `overdueOffset`)
 * and how many there are in all, then every one of today's.
 */
export function todayView(deps: AppDeps, userId: string, overdueOffset = 0): Promise<TodayResponse> {
  return snapshot(deps).execute(async (trx) => {
    const today = await todayOf(deps, trx, userId);
    const [tasks, counts] = await Promise.all([
      readTodayTasks(trx, userId, today, overdueOffset),
      countsOf(trx, userId, today),
    ]);
    // In the schema's order, as zod sent it: the route sends the object as built (mapped-json.ts).
    return { today, overdue: tasks.overdue, overdueTotal: counts.overdue, dueToday: tasks.dueToday, counts };
  });
}

/**
 * Open tasks due from today through `days` - 1 days later, one entry per day (empty days too), a page
 * at a time: from `from` (today when not given or already past), whole days until `upcomingPageSize`
 * tasks; `nextFrom` is where the next page starts.
 */
export function upcomingView(
  deps: AppDeps,
  userId: string,
  query: { days: number; from?: string | undefined },
): Promise<UpcomingResponse> {
  return snapshot(deps).execute(async (trx) => {
    const today = await todayOf(deps, trx, userId);
    const through = addDays(today, query.days - 1);
    const from = query.from !== undefined && query.from > today ? query.from : today;
    const [page, counts] = await Promise.all([
      from > through
        ? { days: [], repeating: [], nextFrom: null }
        : readUpcomingPage(trx, userId, { from, through }, upcomingPageSize),
      countsOf(trx, userId, today),
    ]);
    // In the schema's order, as zod sent it: the route sends the object as built (mapped-json.ts).
    return { today, days: page.days, repeating: page.repeating, nextFrom: page.nextFrom, counts };
  });
}
