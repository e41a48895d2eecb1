import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

// TanStack starts out online and learns only from `online`/`offline` events, so a page loaded with no
// network (the offline start, docs/client.md) would fetch every restored query, fail, and show errors
// over the kept data. The browser's "offline" is reliable (its "online" is not): start paused then.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

/** `gcTime`: how long an unused query stays in memory (the workspace keeps them for its offline copy). */
export function createQueryClient(options: { gcTime?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        ...(options.gcTime === undefined ? {} : { gcTime: options.gcTime }),
        // A 4xx will not get better by asking again; network blips and 5xx may.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
      // TanStack would hold a write back while the browser says offline, in memory only: a reload would
      // lose it. Writes run at once instead: those to the trees wait in the outbox (lib/outbox.ts), which
      // keeps them on the device; the rest fail with the network's message and can be tried again.
      mutations: { networkMode: 'always' },
    },
  });
}
