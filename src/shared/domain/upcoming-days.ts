import type { PlanCounts, PlanTask, UpcomingResponse } from '../schemas/plan.ts';

/** A task as a plan view lists it; `laterOccurrence` marks a repeating task's copy on a later day. */
export type PlanEntry = PlanTask & { laterOccurrence?: boolean };

export interface UpcomingDayEntries {
  date: string;
  tasks: PlanEntry[];
}

/** Upcoming as the screen lists it: every day with its tasks and the later occurrences on it. */
export interface UpcomingEntries {
  today: string;
  days: UpcomingDayEntries[];
  counts: PlanCounts;
}

/** Due order within a day: the timed ones by time, then the all-day ones; equal keys keep their order. */
const timeKey = (task: PlanTask) => task.dueTime ?? '~';

/**
 * The answer's days with each later occurrence in place: a copy of its task on that day, marked
 * `laterOccurrence`, among the day's own tasks in due order. The answer sends each task once.
 */
export function upcomingEntries(answer: UpcomingResponse): UpcomingEntries {
  const byId = new Map<string, PlanTask>();
  for (const task of [...answer.repeating, ...answer.days.flatMap((day) => day.tasks)])
    byId.set(task.id, task);
  const days = answer.days.map(({ date, tasks, later }) => {
    const copies = later.flatMap((id): PlanEntry[] => {
      const task = byId.get(id);
      return task ? [{ ...task, dueDate: date, laterOccurrence: true }] : [];
    });
    if (copies.length === 0) return { date, tasks };
    const merged = [...tasks, ...copies].sort((a, b) =>
      timeKey(a) < timeKey(b) ? -1 : timeKey(a) > timeKey(b) ? 1 : 0,
    );
    return { date, tasks: merged };
  });
  return { today: answer.today, days, counts: answer.counts };
}

/** Upcoming's pages loaded so far as one screen, and whether days of the window are still to come. */
export interface UpcomingPages extends UpcomingEntries {
  more: boolean;
}

/**
 * The pages loaded so far (in order) as one list of days: each page with its later occurrences in place
 * (a page names only tasks it sends), a day sent twice shown as its newest page has it, and days before
 * the newest page's today left out (a page loaded before midnight). Counts and today from the newest.
 */
export function upcomingPages(pages: readonly UpcomingResponse[]): UpcomingPages | undefined {
  const newest = pages.at(-1);
  if (!newest) return undefined;
  const days = new Map<string, UpcomingDayEntries>();
  for (const page of pages) for (const day of upcomingEntries(page).days) days.set(day.date, day);
  const shown = [...days.values()]
    .filter((day) => day.date >= newest.today)
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  return { today: newest.today, days: shown, counts: newest.counts, more: newest.nextFrom !== null };
}
