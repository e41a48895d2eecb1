import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanCountsResponse } from '../../../../shared/schemas/plan.ts';
import { planApi, planKeys } from '../plan-api.ts';

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
