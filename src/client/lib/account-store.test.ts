import { describe, expect, it, vi } from 'vitest';
import { freshIndexedDbPerTest } from '../test/offline-test-helpers.ts';
import {
  accountStoreName,
  clearAccountStore,
  clearOtherAccountStores,
  readAccountValue,
  reopenAccountStore,
  writeAccountValue,
} from './account-store.ts';

const ann = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';

freshIndexedDbPerTest(ann, bob);
const names = async () => (await indexedDB.databases()).map((db) => db.name).sort();

describe('the per-account offline store', () => {
  it('keeps each account in its own database, out of the other’s reach', async () => {
    await writeAccountValue(ann, 'query-cache', { titles: ['Ann’s plans'] });
    await writeAccountValue(bob, 'query-cache', { titles: ['Bob’s list'] });
    expect(await names()).toEqual([accountStoreName(ann), accountStoreName(bob)].sort());
    expect(await readAccountValue(ann, 'query-cache')).toEqual({ titles: ['Ann’s plans'] });
    expect(await readAccountValue(bob, 'query-cache')).toEqual({ titles: ['Bob’s list'] });
    expect(await readAccountValue(bob, 'session')).toBeUndefined();
  });

  it('deletes the account’s database on sign-out, and a late write does not bring it back', async () => {
    await writeAccountValue(ann, 'query-cache', { titles: ['Ann’s plans'] });
    await clearAccountStore(ann);
    expect(await names()).toEqual([]);

    // The cache persister's timer firing after sign-out.
    await writeAccountValue(ann, 'query-cache', { titles: ['Ann’s plans'] });
    expect(await names()).toEqual([]);
    expect(await readAccountValue(ann, 'query-cache')).toBeUndefined();

    // Signing in as Ann again opens a new, empty store.
    reopenAccountStore(ann);
    expect(await readAccountValue(ann, 'query-cache')).toBeUndefined();
    await writeAccountValue(ann, 'session', { user: { id: ann } });
    expect(await names()).toEqual([accountStoreName(ann)]);
  });

  it('keeps only the signed-in account’s store when another account signs in', async () => {
    await writeAccountValue(ann, 'query-cache', { titles: ['Ann’s plans'] });
    await writeAccountValue(bob, 'query-cache', { titles: ['Bob’s list'] });
    await clearOtherAccountStores(bob);
    expect(await names()).toEqual([accountStoreName(bob)]);
    expect(await readAccountValue(bob, 'query-cache')).toEqual({ titles: ['Bob’s list'] });
  });

  it('works as if empty where IndexedDB is missing (the app still runs online)', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await writeAccountValue(ann, 'query-cache', { titles: [] });
    expect(await readAccountValue(ann, 'query-cache')).toBeUndefined();
    await clearAccountStore(ann);
    await clearOtherAccountStores(ann);
  });
});
