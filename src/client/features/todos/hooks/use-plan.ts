import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { upcomingPages } from '../../../../shared/domain/upcoming-days.ts';
import type { PlanCountsResponse, TodayResponse } from '../../../../shared/schemas/plan.ts';
import { allPlanKeys, planApi, planKeys } from '../plan-api.ts';

/** The counts beside Today and Upcoming in the sidebar (one small request). */
export function usePlanCounts() {
  return useQuery({ queryKey: planKeys.counts, queryFn: ({ signal }) => planApi.counts(signal) });
}

/** The pages loaded so far as one answer: their overdue tasks in order, today's from the latest page. */
function mergeTodayPages({ pages }: { pages: TodayResponse[] }): TodayResponse | undefined {
  const latest = pages.at(-1);
  if (!latest) return undefined;
  // A task completed meanwhile shifts the pages: one listed twice is shown once.
  const seen = new Set<string>();
  const overdue = pages
    .flatMap((page) => page.overdue)
    .filter((task) => !seen.has(task.id) && Boolean(seen.add(task.id)));
  return { ...latest, overdue };
}

/**
 * Today's tasks, loaded when Today is shown: every one due today and the overdue ones a page at a time
 * (`loadMoreOverdue`); each answer refreshes the counts too. A change reloads the pages already shown.
 */
export function useToday(enabled: boolean) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: planKeys.today,
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const answer = await planApi.today(pageParam, signal);
      client.setQueryData<PlanCountsResponse>(planKeys.counts, {
        today: answer.today,
        counts: answer.counts,
      });
      return answer;
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.overdue.length, 0);
      return last.overdue.length > 0 && loaded < last.overdueTotal ? loaded : undefined;
    },
    select: mergeTodayPages,
    enabled,
  });
}

/**
 * The next 14 days, loaded when Upcoming is shown, whole days a page at a time (`loadMoreDays`); each
 * answer refreshes the counts too. A change reloads the pages already shown.
 */
export function useUpcoming(enabled: boolean) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: planKeys.upcoming,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const answer = await planApi.upcoming(pageParam, signal);
      client.setQueryData<PlanCountsResponse>(planKeys.counts, {
        today: answer.today,
        counts: answer.counts,
      });
      return answer;
    },
    getNextPageParam: (last) => last.nextFrom ?? undefined,
    select: ({ pages }) => upcomingPages(pages),
    enabled,
  });
}

/**
 * A list or category renamed, moved or deleted changes what Today and Upcoming show (their names, their
 * tasks): every change of the tree reads them again. Not on the first load.
 */
export function usePlanFollowsTree(tree: unknown) {
  const client = useQueryClient();
  const seen = useRef(tree);
  useEffect(() => {
    if (seen.current === tree) return;
    seen.current = tree;
    for (const queryKey of allPlanKeys) void client.invalidateQueries({ queryKey, exact: true });
  }, [tree, client]);
}
