import type { Query } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { version } from '../../../../package.json';
import { readAccountValue, removeAccountValue, writeAccountValue } from '../../lib/account-store.ts';

/** The account store's key for the persisted query cache. */
export const queryCacheKey = 'query-cache';

/**
 * Discards a kept cache written by another version of the app, whose answers may have another shape.
 * The package version rather than each build's hash, so a deploy does not empty every device's offline
 * copy; raise the suffix when a persisted answer's shape changes between releases.
 */
export const cacheBuster = `${version}.1`;

/** A kept cache older than this is dropped on opening: its data is too old to show as the account's. */
export const cacheMaxAgeMs = 30 * 24 * 60 * 60 * 1000;

/**
 * How long an unused query stays in memory (TanStack's default is 5 minutes): a page opened an hour ago
 * must still be in the cache that is written, or it would leave the device too. Below setTimeout's
 * limit of about 24.8 days.
 */
export const offlineGcTimeMs = 7 * 24 * 60 * 60 * 1000;

/** How long a write waits for more changes: the cache changes in bursts (a tree and its lists). */
const writeDelayMs = 500;

/**
 * What the device keeps: successful reads of the notes and todos (trees, lists, pages and tasks opened).
 * Never a page's history (large, and only useful online), search answers, settings, calendar connections
 * or the private feed's address, which is a secret.
 */
export function keptOffline(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  // A read that failed offline keeps the data it had: that data is still the device's copy.
  if (query.state.data === undefined) return false;
  const [area, kind] = query.queryKey;
  if (area === 'notes') return kind !== 'versions';
  return area === 'todos';
}

/**
 * A kept read is its data: a refetch that failed (no network) is not kept as an error, or the restored
 * screen would show the error instead of the data.
 */
function asSettledReads(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error'
      ? {
          ...query,
          state: {
            ...query.state,
            status: 'success' as const,
            error: null,
            fetchFailureCount: 0,
            fetchFailureReason: null,
          },
        }
      : query,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

export interface AccountPersister extends Persister {
  /** Writes what is waiting now (the page is going away). */
  flush(): void;
  /** Drops what is waiting and writes nothing more (the workspace closed: signed out, or switched). */
  close(): void;
}

/**
 * TanStack Query's persister over the account's own IndexedDB database (lib/account-store.ts). The
 * library hands it the whole dehydrated cache on each change; it keeps the latest and writes it at most
 * every half second, and IndexedDB stores it as a structured clone (no JSON round trip). `settled` says
 * whether no write is in flight: only then is the cache written.
 */
export function createAccountPersister(
  userId: string,
  { settled = () => true }: { settled?: () => boolean } = {},
): AccountPersister {
  let waiting: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const client = waiting;
    waiting = null;
    // While a write is on its way (or paused offline) the cache holds its optimistic change, which the
    // server may never have: kept, a reload would show it as saved, then lose it. Its end changes the
    // mutation cache, which hands the persister the settled cache to write.
    if (client && !closed && settled()) void writeAccountValue(userId, queryCacheKey, client);
  };

  return {
    persistClient(client) {
      if (closed) return;
      waiting = asSettledReads(client);
      timer ??= setTimeout(flush, writeDelayMs);
    },
    restoreClient: () => readAccountValue<PersistedClient>(userId, queryCacheKey),
    removeClient: () => removeAccountValue(userId, queryCacheKey),
    flush,
    close() {
      closed = true;
      clearTimeout(timer);
      waiting = null;
    },
  };
}
