import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, vi } from 'vitest';
import { reopenAccountStore } from '../lib/account-store.ts';

/**
 * A real IndexedDB (fake-indexeddb keeps a whole one in memory), fresh for each test so each stands
 * alone; after each test the named accounts' stores are opened again, so a sign-out in one test does
 * not leave an account's store closed for the next.
 */
export function freshIndexedDbPerTest(...userIds: string[]): void {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    vi.stubGlobal('IDBKeyRange', IDBKeyRange);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    for (const userId of userIds) reopenAccountStore(userId);
  });
}
