import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { type ReactNode, useEffect, useState } from 'react';
import { directWritesSettled } from '../../lib/api-client.ts';
import { cacheBuster, cacheMaxAgeMs, createAccountPersister, keptOffline } from './account-persister.ts';
import { OutboxContext, useAccountOutbox } from './use-account-outbox.ts';

/**
 * The workspace's query cache, restored from the account's IndexedDB store before any query runs and
 * written back as it changes, so the app opens offline with the trees, pages and tasks seen before; and
 * the account's outbox, which keeps the changes made meanwhile until the server has them (docs/client.md,
 * Offline). Mounted once per account: a different user gets a new client, store and outbox.
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
  const [persister] = useState(() => createAccountPersister(userId, { settled: directWritesSettled }));
  const outbox = useAccountOutbox(userId, client);

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
      // asked for again as it mounts (offline, that request waits for the network; with changes waiting
      // in the outbox, it waits for them to reach the server first).
      onSuccess={() => client.invalidateQueries({ refetchType: 'none' })}
      persistOptions={{
        persister,
        buster: cacheBuster,
        maxAge: cacheMaxAgeMs,
        dehydrateOptions: { shouldDehydrateQuery: keptOffline, shouldDehydrateMutation: () => false },
      }}
    >
      <OutboxContext.Provider value={outbox}>{children}</OutboxContext.Provider>
    </PersistQueryClientProvider>
  );
}
