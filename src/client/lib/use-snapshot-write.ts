import { hashKey, type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
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
    mutationFn: ({ vars }: Call<V>) => options.send(vars),
    // Per call, not per mutate(): TanStack runs mutate()'s own callbacks only for the latest call, and two
    // quick ticks must each get their Undo offer (docs/PRODUCT.md §10.5) or their refusal handled.
    onSuccess: (_data, { reads, callbacks }) => {
      reads.readAgainIfOverlaid();
      callbacks.onSuccess?.();
    },
    onSettled: (_data, _error, { reads }) => reads.stop(),
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
    mutation.mutate({ vars, before, callbacks, reads: watchReads(client, keys) });
  };

  return { mutate, isPending: mutation.isPending };
}

interface Call<V> {
  vars: V;
  before: Snapshot;
  callbacks: Callbacks;
  reads: ReadWatch;
}

interface ReadWatch {
  readAgainIfOverlaid(): void;
  stop(): void;
}

/**
 * A read that lands while the write travels (another device's change announced live, the refetch when
 * the network returns after the write waited offline) holds the server from before the write and
 * replaces the change shown here; so does one still on its way when the write is in. The screen would
 * then keep the other device's change and lose this one, though the server has both: once the write is
 * in, such caches are read again. Only reads count, not other optimistic changes (two quick ticks would
 * otherwise refetch, and flicker, between them).
 */
function watchReads(client: QueryClient, keys: QueryKey[]): ReadWatch {
  const watched = new Set(keys.map((queryKey) => hashKey(queryKey)));
  const overlaid = new Set<string>();
  const stop = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    if (watched.has(event.query.queryHash)) overlaid.add(event.query.queryHash);
  });
  return {
    readAgainIfOverlaid: () => {
      stop();
      for (const queryKey of keys) {
        const landed = overlaid.has(hashKey(queryKey));
        const coming = client.getQueryState(queryKey)?.fetchStatus === 'fetching';
        if (landed || coming) void client.invalidateQueries({ queryKey, exact: true });
      }
    },
    stop,
  };
}
