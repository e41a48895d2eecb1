import { hashKey, type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { useToasts } from './toasts.tsx';

interface SnapshotWriteOptions<V, R> {
  /** Every cache the optimistic change touches: all are put back if the server refuses. */
  keys(vars: V): QueryKey[];
  send(vars: V): Promise<R>;
  apply(client: QueryClient, vars: V): void;
  /**
   * Once the server accepted: what its answer changes in the caches (a create's row replaced by the
   * server's, see `settleCreated`).
   */
  settle?(client: QueryClient, result: R, vars: V): void;
  /** Error codes the caller shows itself (no toast), e.g. `incomplete_subtasks`. */
  quietCodes?: string[];
}

type Snapshot = (readonly [QueryKey, unknown])[];

export interface SnapshotCallbacks<R = unknown> {
  onSuccess?(result: R): void;
  onError?(error: Error): void;
}

/**
 * An optimistic write that spans several caches (a task lives in its category's list, in the task
 * panel, and in the tree's counts): snapshot them all, change them at once, and on refusal put every
 * one back, say why in a toast and refetch (docs/PRODUCT.md §11: write errors are never silent). The change is made inside `mutate`, in the
 * same tick as the click, so a controlled checkbox never bounces back while the request starts.
 * Creates use it too: the client makes the new row's id, so the row shows (and can be named, opened,
 * edited) before the server answers, offline much later.
 */
export function useSnapshotWrite<V, R = unknown>(options: SnapshotWriteOptions<V, R>) {
  const client = useQueryClient();
  const { showError } = useToasts();
  const mutation = useMutation({
    mutationFn: ({ vars }: Call<V, R>) => options.send(vars),
    // Per call, not per mutate(): TanStack runs mutate()'s own callbacks only for the latest call, and two
    // quick ticks must each get their Undo offer (docs/PRODUCT.md §10.5) or their refusal handled.
    onSuccess: (result, { vars, callbacks, reads }) => {
      // First the reads that raced the write (asked again), then what the answer settles: a cache already
      // being asked again is not asked twice.
      reads.readAgainIfOverlaid();
      options.settle?.(client, result, vars);
      // A first read cancelled by this write left nothing cached and nothing on its way: ask again.
      for (const queryKey of options.keys(vars)) {
        if (client.getQueryData(queryKey) === undefined && !fetching(client, queryKey)) {
          void client.invalidateQueries({ queryKey, exact: true });
        }
      }
      callbacks.onSuccess?.(result);
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

  const mutate = (vars: V, callbacks: SnapshotCallbacks<R> = {}) => {
    const keys = options.keys(vars);
    // A read in flight must not overwrite the change: cancelled, without reverting to its start.
    for (const queryKey of keys) void client.cancelQueries({ queryKey, exact: true }, { revert: false });
    const before: Snapshot = keys.map((queryKey) => [queryKey, client.getQueryData(queryKey)] as const);
    options.apply(client, vars);
    mutation.mutate({ vars, before, callbacks, reads: watchReads(client, keys) });
  };

  return { mutate, isPending: mutation.isPending };
}

/**
 * After a create the server accepted: the row the client made is what the server holds (same id, the
 * server's defaults, the end of the list), so it stays as it is, with whatever was changed since (a name,
 * a first title). Only a cache that lost it (a read that began before the create landed overwrote it) is
 * asked again. `has` is false for a cache not loaded too: nothing to ask then.
 */
export function refetchIfLost<T>(client: QueryClient, queryKey: QueryKey, has: (data: T) => boolean) {
  const data = client.getQueryData<T>(queryKey);
  if (data !== undefined && !has(data) && !fetching(client, queryKey)) {
    void client.invalidateQueries({ queryKey, exact: true });
  }
}

function fetching(client: QueryClient, queryKey: QueryKey): boolean {
  return client.getQueryState(queryKey)?.fetchStatus === 'fetching';
}

interface Call<V, R> {
  vars: V;
  before: Snapshot;
  callbacks: SnapshotCallbacks<R>;
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
