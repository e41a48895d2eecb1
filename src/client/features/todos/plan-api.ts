import { upcomingDefaultDays } from '../../../shared/domain/plan-days.ts';
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
  /** One page of the next 14 days (whole days, from `from` or today), as sent: upcomingPages merges them. */
  upcoming: (from: string | null, signal?: AbortSignal) =>
    apiRequest(
      `/api/tasks/upcoming?days=${upcomingDefaultDays}${from ? `&from=${encodeURIComponent(from)}` : ''}`,
      upcomingResponseSchema,
      { signal },
    ),
  counts: (signal?: AbortSignal) =>
    apiRequest('/api/tasks/plan-counts', planCountsResponseSchema, { signal }),
};
