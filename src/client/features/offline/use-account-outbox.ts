import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { exchange, setWriteQueue } from '../../lib/api-client.ts';
import { Outbox, type OutboxStatus } from '../../lib/outbox.ts';
import { accountOutboxStore } from '../../lib/outbox-store.ts';

export const OutboxContext = createContext<Outbox | null>(null);

/**
 * The account's outbox for as long as its workspace is open: made in an effect (StrictMode's second run
 * gets a new one; a closed outbox sends nothing more), handed to the API client so the trees' writes go
 * through it, and closed when the workspace closes (sign-out deletes what it kept with the account's store).
 */
export function useAccountOutbox(userId: string, client: QueryClient): Outbox | null {
  const [outbox, setOutbox] = useState<Outbox | null>(null);
  useEffect(() => {
    const next = new Outbox(
      accountOutboxStore(userId),
      (entry) => exchange(entry.method, entry.path, entry.body, entry.key),
      {
        // Changes made on an earlier visit are on the server now (or were refused): the kept cache showed
        // them optimistically, so ask for what the server holds.
        onReplayed: () => {
          void client.invalidateQueries({ queryKey: ['notes'] });
          void client.invalidateQueries({ queryKey: ['todos'] });
        },
      },
    );
    setWriteQueue(next);
    setOutbox(next);
    void next.start();
    return () => {
      setWriteQueue(null);
      next.close();
    };
  }, [userId, client]);
  return outbox;
}

const idle: OutboxStatus = { waiting: 0, offline: false, retrying: false };
const noSubscription = () => () => {};

export function useOutbox(): Outbox | null {
  return useContext(OutboxContext);
}

/** The outbox's count and state, for the workspace's indicator. */
export function useOutboxStatus(): OutboxStatus {
  const outbox = useOutbox();
  return useSyncExternalStore(outbox?.subscribe ?? noSubscription, outbox?.getStatus ?? (() => idle));
}
