import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Label, UpdateLabelBody } from '../../../../shared/schemas/label.ts';
import { labelNameKey } from '../../../../shared/schemas/label-name.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { type SnapshotCallbacks, useSnapshotWrite } from '../../../lib/use-snapshot-write.ts';
import { todoKeys } from '../api.ts';
import { labelKeys, labelsApi } from '../labels-api.ts';
import { newLabel } from '../new-rows.ts';

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
 * Creating, renaming, recolouring and deleting labels. A create shows at once (made here with its id,
 * so it can be used offline) and goes away again if refused (a name already taken is 409, in a toast);
 * the rest are not optimistic: labels change rarely, so the sidebar shows the server's answer. A delete
 * also refreshes the task lists, whose rows carry label ids.
 */
export function useLabelMutations() {
  const client = useQueryClient();
  const { showError } = useToasts();
  const refresh = () => client.invalidateQueries({ queryKey: labelKeys.all });

  const createWrite = useSnapshotWrite<Label, Label>({
    keys: () => [labelKeys.all],
    send: ({ id, name, color }) => labelsApi.create({ id, name, color }),
    // Listed by name, as the server lists them.
    apply: (c, label) =>
      c.setQueryData<Label[]>(labelKeys.all, (labels) =>
        labels
          ? [...labels, label].sort((a, b) => labelNameKey(a.name).localeCompare(labelNameKey(b.name)))
          : labels,
      ),
    // The server's order and counts (labels are few: one small read).
    settle: () => void refresh(),
  });
  const create = {
    isPending: createWrite.isPending,
    /** A new label named `name`; the label it made. */
    mutate: (name: string, callbacks: SnapshotCallbacks<Label> = {}) => {
      const label = newLabel(name);
      createWrite.mutate(label, callbacks);
      return label;
    },
  };
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
