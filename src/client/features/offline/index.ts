/**
 * Working offline: the workspace's query cache kept per account in IndexedDB, and the outbox that keeps
 * the changes made meanwhile (the auth context clears an account's store on sign-out through
 * lib/account-store.ts).
 */

export { offlineGcTimeMs } from './account-persister.ts';
export { OutboxIndicator } from './components/outbox-indicator.tsx';
export { OfflineQueryProvider } from './offline-query-provider.tsx';
export { useOutboxStatus } from './use-account-outbox.ts';
