import { upcomingEntries } from '../../../shared/domain/upcoming-days.ts';
import {
  planCountsResponseSchema,
  todayResponseSchema,
  upcomingResponseSchema,
} from '../../../shared/schemas/plan.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Today and Upcoming across every list, and the sidebar's counts; answers checked against the schemas. */

export const planKeys = {
  today: ['todos', 'plan', 'today'] as const,
  upcoming: ['todos', 'plan', 'upcoming'] as const,
  counts: ['todos', 'plan', 'counts'] as const,
};

/** Every plan query: what a task change makes stale (a due date, a completion, a new or deleted task). */
export const allPlanKeys = [planKeys.today, planKeys.upcoming, planKeys.counts];

export const planApi = {
  /** One page of the overdue tasks (from `overdueOffset`, newest due first) and every one due today. */
  today: (overdueOffset: number, signal?: AbortSignal) =>
    apiRequest(`/api/tasks/today?overdueOffset=${overdueOffset}`, todayResponseSchema, { signal }),
  /** The next 14 days, each later occurrence of a repeating task in place as a copy on its day. */
  upcoming: async (signal?: AbortSignal) =>
    upcomingEntries(await apiRequest('/api/tasks/upcoming?days=14', upcomingResponseSchema, { signal })),
  counts: (signal?: AbortSignal) =>
    apiRequest('/api/tasks/plan-counts', planCountsResponseSchema, { signal }),
};
