import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { type ReactNode, useEffect, useState } from 'react';
import { cacheBuster, cacheMaxAgeMs, createAccountPersister, keptOffline } from './account-persister.ts';

/**
 * The workspace's query cache, restored from the account's IndexedDB store before any query runs and
 * written back as it changes, so the app opens offline with the trees, pages and tasks seen before
 * (docs/client.md, Offline). Mounted once per account: a different user gets a new client and store.
 */
export function OfflineQueryProvider({
  client,
  userId,
  children,
}: {
  client: QueryClient;
  userId: string;
  children: ReactNode;
}) {
  const [persister] = useState(() =>
    createAccountPersister(userId, { settled: () => client.isMutating() === 0 }),
  );

  useEffect(() => {
    // The last changes before a reload or a closed tab; sign-out closes the persister instead.
    const onHide = () => persister.flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      persister.close();
    };
  }, [persister]);

  return (
    <PersistQueryClientProvider
      client={client}
      // What the device kept is shown at once but is never taken as current: every restored query is
      // asked for again as it mounts (offline, that request waits for the network).
      onSuccess={() => client.invalidateQueries({ refetchType: 'none' })}
      persistOptions={{
        persister,
        buster: cacheBuster,
        maxAge: cacheMaxAgeMs,
        dehydrateOptions: { shouldDehydrateQuery: keptOffline, shouldDehydrateMutation: () => false },
      }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}
