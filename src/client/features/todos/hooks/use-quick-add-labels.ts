import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { labelKeys, labelsApi } from '../labels-api.ts';
import type { QuickAddParser } from './use-quick-add-parser.ts';

/**
 * Quick add's `#errands`: the ids of the labels typed, creating those the user does not have yet
 * (Enter means "add this task with these labels"). The labels are read only when a `#` word was
 * typed, so the box costs no request otherwise.
 */
export function useQuickAddLabels() {
  const client = useQueryClient();
  return useCallback(
    async (parser: QuickAddParser, names: readonly string[]): Promise<string[]> => {
      if (names.length === 0) return [];
      const labels = await client.fetchQuery({
        queryKey: labelKeys.all,
        queryFn: async ({ signal }) => (await labelsApi.list(signal)).labels,
      });
      const { ids, missing } = parser.resolveLabelNames(names, labels);
      // The order does not matter: a task's labels come back by name.
      for (const name of missing) ids.push((await labelsApi.create({ name })).id);
      if (missing.length > 0) await client.invalidateQueries({ queryKey: labelKeys.all });
      return ids;
    },
    [client],
  );
}
