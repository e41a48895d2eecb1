import { describe, expect, it, vi } from 'vitest';
import { freshIndexedDbPerTest } from '../test/offline-test-helpers.ts';
import { readAccountValues } from './account-store.ts';
import { ApiError, networkError } from './api-client.ts';
import { Outbox, type Transmit } from './outbox.ts';
import { accountOutboxStore, type OutboxEntry } from './outbox-store.ts';

const ann = '00000000-0000-4000-8000-00000000000a';
freshIndexedDbPerTest(ann);

const offline = networkError;

/** A server that answers each request with its path, or with the next scripted failure. */
function server() {
  const sent: OutboxEntry[] = [];
  const failures: ApiError[] = [];
  const transmit: Transmit = async (entry) => {
    sent.push(entry);
    const failure = failures.shift();
    if (failure) throw failure;
    return { path: entry.path };
  };
  return { sent, failures, transmit };
}

const change = (path: string, key: string = crypto.randomUUID()) => ({
  key,
  method: 'POST' as const,
  path,
  body: { path },
});

async function opened(transmit: Transmit, hooks = {}) {
  const outbox = new Outbox(accountOutboxStore(ann), transmit, hooks);
  await outbox.start();
  return outbox;
}

const goOnline = () => window.dispatchEvent(new Event('online'));

describe('the offline outbox', () => {
  it('sends changes one at a time, in the order they were made, and answers each', async () => {
    let release: () => void = () => {};
    const sent: string[] = [];
    const outbox = await opened(async (entry) => {
      sent.push(entry.path);
      if (entry.path === '/api/a') await new Promise<void>((resolve) => (release = resolve));
      return { path: entry.path };
    });
    const answers = [outbox.submit(change('/api/a'), true), outbox.submit(change('/api/b'), true)];
    await vi.waitFor(() => expect(sent).toEqual(['/api/a']));
    expect(outbox.getStatus().waiting).toBe(2);
    release();
    expect(await Promise.all(answers)).toEqual([{ path: '/api/a' }, { path: '/api/b' }]);
    expect(sent).toEqual(['/api/a', '/api/b']);
    await vi.waitFor(() => expect(outbox.getStatus().waiting).toBe(0));
    outbox.close();
  });

  it('keeps a change the network lost and sends it again with the same key when back online', async () => {
    const { sent, failures, transmit } = server();
    failures.push(offline());
    const outbox = await opened(transmit);
    const answer = outbox.submit(change('/api/a', 'key-of-a'), true);
    await vi.waitFor(() => expect(outbox.getStatus()).toMatchObject({ waiting: 1, offline: true }));
    goOnline();
    expect(await answer).toEqual({ path: '/api/a' });
    expect(sent.map((entry) => entry.key)).toEqual(['key-of-a', 'key-of-a']);
    outbox.close();
  });

  it('replays what an earlier visit kept, before anything new, and then asks for fresh data', async () => {
    const first = server();
    first.failures.push(offline());
    const before = await opened(first.transmit);
    void before.submit(change('/api/created-offline', 'k1'), true);
    void before.submit(change('/api/renamed-offline', 'k2'), true);
    await vi.waitFor(() => expect(before.getStatus()).toMatchObject({ offline: true, waiting: 2 }));
    // The page goes away (a reload) with both changes unsent.
    before.close();

    const later = server();
    const replayed = vi.fn();
    const after = new Outbox(accountOutboxStore(ann), later.transmit, { onReplayed: replayed });
    const fresh = after.submit(change('/api/new'), true);
    await after.start();
    await fresh;
    expect(later.sent.map((entry) => entry.path)).toEqual([
      '/api/created-offline',
      '/api/renamed-offline',
      '/api/new',
    ]);
    expect(later.sent.slice(0, 2).map((entry) => entry.key)).toEqual(['k1', 'k2']);
    await vi.waitFor(() => expect(replayed).toHaveBeenCalledOnce());

    // Answered, nothing is kept: a third visit sends nothing again.
    await vi.waitFor(async () => expect(await readAccountValues(ann, 'outbox:')).toEqual([]));
    const third = server();
    const last = await opened(third.transmit);
    await last.readBarrier();
    expect(third.sent).toEqual([]);
    after.close();
    last.close();
  });

  it('hands a refusal to the screen that asked, and one for a kept change to the listeners', async () => {
    const refusal = new ApiError(404, 'not_found', 'Not found');
    const first = server();
    first.failures.push(offline());
    const before = await opened(first.transmit);
    void before.submit(change('/api/deleted-elsewhere'), true);
    await vi.waitFor(() => expect(before.getStatus().offline).toBe(true));
    before.close();

    const later = server();
    later.failures.push(refusal, refusal);
    const after = new Outbox(accountOutboxStore(ann), later.transmit);
    const heard: string[] = [];
    after.onRefused((error) => heard.push(error.code));
    await after.start();
    await expect(after.submit(change('/api/refused-now'), true)).rejects.toBe(refusal);
    expect(heard).toEqual(['not_found']);
    after.close();
  });

  it('takes a kept create whose id the server already holds as made, without a word', async () => {
    const first = server();
    first.failures.push(offline());
    const before = await opened(first.transmit);
    void before.submit(change('/api/notes'), true);
    await vi.waitFor(() => expect(before.getStatus().offline).toBe(true));
    before.close();

    const later = server();
    later.failures.push(new ApiError(409, 'id_taken', 'This id is already in use. Nothing was created.'));
    const replayed = vi.fn();
    const after = new Outbox(accountOutboxStore(ann), later.transmit, { onReplayed: replayed });
    const heard: string[] = [];
    after.onRefused((error) => heard.push(error.code));
    await after.start();
    await vi.waitFor(() => expect(replayed).toHaveBeenCalledOnce());
    expect(heard).toEqual([]);
    after.close();
  });

  it('keeps retrying a server failure, but never a change the server refused', async () => {
    const { sent, failures, transmit } = server();
    failures.push(new ApiError(503, 'unavailable', 'Down'), new ApiError(400, 'validation_failed', 'Bad'));
    const outbox = await opened(transmit);
    const answer = outbox.submit(change('/api/a'), true);
    await vi.waitFor(() => expect(outbox.getStatus().retrying).toBe(true));
    goOnline();
    await expect(answer).rejects.toMatchObject({ code: 'validation_failed' });
    expect(sent).toHaveLength(2);
    outbox.close();
  });

  it('hands an ordered-only change back at once while the queue cannot move', async () => {
    const { failures, transmit } = server();
    failures.push(offline());
    const outbox = await opened(transmit);
    void outbox.submit(change('/api/kept'), true);
    await vi.waitFor(() => expect(outbox.getStatus().offline).toBe(true));
    await expect(outbox.submit(change('/api/text'), false)).rejects.toMatchObject({ code: 'network_error' });
    expect(outbox.getStatus().waiting).toBe(1);
    outbox.close();
  });

  it('sends an ordered-only change after the kept ones before it, and never keeps it', async () => {
    const { sent, transmit } = server();
    const outbox = await opened(transmit);
    const created = outbox.submit(change('/api/notes'), true);
    const text = outbox.submit(change('/api/notes/1'), false);
    await Promise.all([created, text]);
    expect(sent.map((entry) => entry.path)).toEqual(['/api/notes', '/api/notes/1']);
    outbox.close();
  });

  it('lets a read wait for the changes queued before it while they move', async () => {
    let release: () => void = () => {};
    const outbox = await opened(async (entry) => {
      await new Promise<void>((resolve) => (release = resolve));
      return { path: entry.path };
    });
    void outbox.submit(change('/api/a'), true);
    let read = false;
    const barrier = outbox.readBarrier().then(() => (read = true));
    await vi.waitFor(() => expect(outbox.getStatus().waiting).toBe(1));
    expect(read).toBe(false);
    release();
    await barrier;
    expect(read).toBe(true);
    outbox.close();
  });
});
