import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PlanCountsResponse } from '../../../../shared/schemas/plan.ts';
import { allPlanKeys, planApi, planKeys } from '../plan-api.ts';

/** The counts beside Today and Upcoming in the sidebar (one small request). */
export function usePlanCounts() {
  return useQuery({ queryKey: planKeys.counts, queryFn: ({ signal }) => planApi.counts(signal) });
}

/** Today's tasks, loaded when Today is shown; its answer refreshes the counts too. */
export function useToday(enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: planKeys.today,
    queryFn: async ({ signal }) => {
      const answer = await planApi.today(signal);
      client.setQueryData<PlanCountsResponse>(planKeys.counts, {
        today: answer.today,
        counts: answer.counts,
      });
      return answer;
    },
    enabled,
  });
}

/** The next 14 days, loaded when Upcoming is shown; its answer refreshes the counts too. */
export function useUpcoming(enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: planKeys.upcoming,
    queryFn: async ({ signal }) => {
      const answer = await planApi.upcoming(signal);
      client.setQueryData<PlanCountsResponse>(planKeys.counts, {
        today: answer.today,
        counts: answer.counts,
      });
      return answer;
    },
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
