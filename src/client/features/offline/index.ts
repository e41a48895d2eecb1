/**
 * Working offline: the workspace's query cache kept per account in IndexedDB (the auth context clears
 * an account's store on sign-out through lib/account-store.ts).
 */
export { offlineGcTimeMs } from './account-persister.ts';
export { OfflineQueryProvider } from './offline-query-provider.tsx';
