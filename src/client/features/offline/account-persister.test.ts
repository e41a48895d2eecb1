import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { describe, expect, it, vi } from 'vitest';
import { clearAccountStore, readAccountValue, writeAccountValue } from '../../lib/account-store.ts';
import { freshIndexedDbPerTest } from '../../test/offline-test-helpers.ts';
import {
  cacheBuster,
  cacheMaxAgeMs,
  createAccountPersister,
  keptOffline,
  queryCacheKey,
} from './account-persister.ts';

const ann = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';

freshIndexedDbPerTest(ann, bob);

const dehydrateOptions = { shouldDehydrateQuery: keptOffline };

/** A client holding what a workspace would have read: its trees, a page, and things never kept. */
function clientWithReads() {
  const client = new QueryClient();
  client.setQueryData(['notes', 'tree'], { notebooks: [{ id: 'n1', title: 'Work' }] });
  client.setQueryData(['notes', 'note', 'p1'], { id: 'p1', title: 'Plans', content: 'Ship it' });
  client.setQueryData(['todos', 'tree'], { todos: [{ id: 't1', title: 'Errands' }] });
  client.setQueryData(['notes', 'versions', 'p1'], { versions: [] });
  client.setQueryData(['calendar-feed'], { url: 'https://example.com/feed/secret-token.ics' });
  client.setQueryData(['search', 'plans'], { results: [] });
  return client;
}

/** Saves through the persister and waits for its (delayed) write to reach IndexedDB. */
async function save(userId: string, client: QueryClient) {
  const persister = createAccountPersister(userId);
  await persistQueryClientSave({ queryClient: client, persister, buster: cacheBuster, dehydrateOptions });
  persister.flush();
  await vi.waitFor(async () => expect(await readAccountValue(userId, queryCacheKey)).toBeDefined());
}

async function restore(userId: string) {
  const client = new QueryClient();
  await persistQueryClientRestore({
    queryClient: client,
    persister: createAccountPersister(userId),
    buster: cacheBuster,
    maxAge: cacheMaxAgeMs,
  });
  return client;
}

const keys = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey.join('/'))
    .sort();

describe('the workspace cache kept for offline', () => {
  it('restores the notes and todos reads into a new client, and nothing else', async () => {
    await save(ann, clientWithReads());
    const restored = await restore(ann);
    expect(keys(restored)).toEqual(['notes/note/p1', 'notes/tree', 'todos/tree']);
    expect(restored.getQueryData(['notes', 'note', 'p1'])).toMatchObject({ content: 'Ship it' });
  });

  it('keeps only successful reads', () => {
    const client = new QueryClient();
    const cache = client.getQueryCache();
    const failed = cache.build(client, { queryKey: ['notes', 'note', 'gone'] });
    failed.setState({ status: 'error', error: new Error('404') });
    const pending = cache.build(client, { queryKey: ['todos', 'tree'] });
    expect(keptOffline(failed)).toBe(false);
    expect(keptOffline(pending)).toBe(false);
  });

  it('gives a second account nothing of the first’s, and nothing after the first signed out', async () => {
    await save(ann, clientWithReads());
    expect(keys(await restore(bob))).toEqual([]);
    await clearAccountStore(ann);
    expect(keys(await restore(ann))).toEqual([]);
  });

  it('writes nothing once closed (the workspace left with its account)', async () => {
    const persister = createAccountPersister(ann);
    await persistQueryClientSave({
      queryClient: clientWithReads(),
      persister,
      buster: cacheBuster,
      dehydrateOptions,
    });
    persister.close();
    persister.flush();
    // A write queued after the flush's would-be write: once it landed, that one would have too.
    await writeAccountValue(ann, 'marker', true);
    expect(await readAccountValue(ann, 'marker')).toBe(true);
    expect(await readAccountValue(ann, queryCacheKey)).toBeUndefined();
  });

  it('writes nothing while a change is on its way, then the settled cache', async () => {
    let settled = false;
    const client = clientWithReads();
    const persister = createAccountPersister(ann, { settled: () => settled });
    const saveNow = async () => {
      await persistQueryClientSave({ queryClient: client, persister, buster: cacheBuster, dehydrateOptions });
      persister.flush();
    };
    // An optimistic title the server does not have yet (paused offline).
    client.setQueryData(['notes', 'tree'], { notebooks: [{ id: 'n1', title: 'Renamed offline' }] });
    await saveNow();
    await writeAccountValue(ann, 'marker', true);
    expect(await readAccountValue(ann, queryCacheKey)).toBeUndefined();

    // The server answered: the next change of the caches writes what is now true.
    settled = true;
    client.setQueryData(['notes', 'tree'], { notebooks: [{ id: 'n1', title: 'Renamed' }] });
    await saveNow();
    await vi.waitFor(async () => expect(await readAccountValue(ann, queryCacheKey)).toBeDefined());
    expect((await restore(ann)).getQueryData(['notes', 'tree'])).toEqual({
      notebooks: [{ id: 'n1', title: 'Renamed' }],
    });
  });

  it('drops a cache kept by another version of the app', async () => {
    await save(ann, clientWithReads());
    const client = new QueryClient();
    await persistQueryClientRestore({
      queryClient: client,
      persister: createAccountPersister(ann),
      buster: `${cacheBuster}-other`,
      maxAge: cacheMaxAgeMs,
    });
    expect(keys(client)).toEqual([]);
    expect(await readAccountValue(ann, queryCacheKey)).toBeUndefined();
  });
});
