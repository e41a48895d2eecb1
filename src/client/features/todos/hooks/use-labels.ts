import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateLabelBody } from '../../../../shared/schemas/label.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { todoKeys } from '../api.ts';
import { labelKeys, labelsApi } from '../labels-api.ts';

/** The user's labels by name with their task counts (the sidebar, chips, picker and filters share it). */
export function useLabels() {
  return useQuery({
    queryKey: labelKeys.all,
    queryFn: async ({ signal }) => (await labelsApi.list(signal)).labels,
  });
}

/** The tasks with a label across lists, loaded when the label is chosen in the sidebar. */
export function useLabelTasks(labelId: string | null) {
  return useQuery({
    queryKey: labelKeys.tasks(labelId ?? ''),
    queryFn: async ({ signal }) => (await labelsApi.tasks(labelId ?? '', signal)).tasks,
    enabled: labelId !== null,
  });
}

/**
 * Creating, renaming, recolouring and deleting labels. Not optimistic: labels change rarely and a name
 * may be refused (409), so the sidebar shows the server's answer. A delete also refreshes the task lists,
 * whose rows carry label ids.
 */
export function useLabelMutations() {
  const client = useQueryClient();
  const { showError } = useToasts();
  const refresh = () => client.invalidateQueries({ queryKey: labelKeys.all });

  const create = useMutation({
    mutationFn: (name: string) => labelsApi.create({ name }),
    onSuccess: refresh,
    onError: (error) => showError(error.message),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateLabelBody }) => labelsApi.update(id, body),
    onSuccess: refresh,
    onError: (error) => showError(error.message),
  });
  const remove = useMutation({
    mutationFn: (id: string) => labelsApi.remove(id),
    onSuccess: async () => {
      await Promise.all([
        refresh(),
        client.invalidateQueries({ queryKey: todoKeys.allTasks }),
        client.invalidateQueries({ queryKey: ['todos', 'task'] }),
        client.invalidateQueries({ queryKey: labelKeys.allTasks }),
      ]);
    },
    onError: (error) => showError(error.message),
  });
  return { create, update, remove };
}
