import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { useToasts } from './toasts.tsx';

interface SnapshotWriteOptions<V> {
  /** Every cache the optimistic change touches: all are put back if the server refuses. */
  keys(vars: V): QueryKey[];
  send(vars: V): Promise<unknown>;
  apply(client: QueryClient, vars: V): void;
  /** Error codes the caller shows itself (no toast), e.g. `incomplete_subtasks`. */
  quietCodes?: string[];
}

type Snapshot = (readonly [QueryKey, unknown])[];

interface Callbacks {
  onSuccess?(): void;
  onError?(error: Error): void;
}

/**
 * An optimistic write that spans several caches (a task lives in its category's list, in the task
 * panel, and in the tree's counts): snapshot them all, change them at once, and on refusal put every
 * one back, say why in a toast and refetch (docs/PRODUCT.md §11: write errors are never silent). The change is made inside `mutate`, in the
 * same tick as the click, so a controlled checkbox never bounces back while the request starts.
 */
export function useSnapshotWrite<V>(options: SnapshotWriteOptions<V>) {
  const client = useQueryClient();
  const { showError } = useToasts();
  const mutation = useMutation({
    mutationFn: ({ vars }: { vars: V; before: Snapshot; callbacks: Callbacks }) => options.send(vars),
    // Per call, not per mutate(): TanStack runs mutate()'s own callbacks only for the latest call, and two
    // quick ticks must each get their Undo offer (docs/PRODUCT.md §10.5) or their refusal handled.
    onSuccess: (_data, { callbacks }) => callbacks.onSuccess?.(),
    onError: (error, { vars, before, callbacks }) => {
      for (const [queryKey, data] of before) {
        if (data !== undefined) client.setQueryData(queryKey, data);
      }
      const quiet = error instanceof ApiError && (options.quietCodes ?? []).includes(error.code);
      if (!quiet) showError(error.message);
      for (const queryKey of options.keys(vars)) void client.invalidateQueries({ queryKey, exact: true });
      callbacks.onError?.(error);
    },
  });

  const mutate = (vars: V, callbacks: Callbacks = {}) => {
    const keys = options.keys(vars);
    // A read in flight must not overwrite the change: cancelled, without reverting to its start.
    for (const queryKey of keys) void client.cancelQueries({ queryKey, exact: true }, { revert: false });
    const before: Snapshot = keys.map((queryKey) => [queryKey, client.getQueryData(queryKey)] as const);
    options.apply(client, vars);
    mutation.mutate({ vars, before, callbacks });
  };

  return { mutate, isPending: mutation.isPending };
}
