import { readAccountValues, removeAccountValue, writeAccountValue } from './account-store.ts';

/** One queued change as kept on the device: everything needed to send it again after a reload. */
export interface OutboxEntry {
  /** The Idempotency-Key: the same on every attempt, so the server applies the change once. */
  key: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** The tab that queued it (its lock says whether it is still open). */
  owner: string;
  queuedAt: number;
  /** Order within a millisecond of one tab. */
  sequence: number;
}

export interface OutboxStore {
  put(entry: OutboxEntry): void;
  remove(entry: OutboxEntry): void;
  /**
   * The kept changes no open outbox is sending (earlier visits, closed tabs), now owned by `owner`, oldest
   * first; `closed` says whether the asking outbox closed meanwhile (it then takes nothing).
   */
  adopt(owner: string, closed: () => boolean): Promise<OutboxEntry[]>;
  /** The owner's outbox closed: its entries may be adopted by the next one. */
  release(owner: string): void;
}

const prefix = 'outbox:';
const lockPrefix = 'jotlist-outbox-';

const recordKey = (entry: OutboxEntry) =>
  `${prefix}${entry.owner}:${String(entry.queuedAt).padStart(15, '0')}:${String(entry.sequence).padStart(9, '0')}`;

const byAge = (a: OutboxEntry, b: OutboxEntry) => a.queuedAt - b.queuedAt || a.sequence - b.sequence;

/**
 * The outbox's entries in the account's IndexedDB store (lib/account-store.ts), one record each, so two
 * tabs of one account never overwrite each other's queue, and signing out deletes them with the rest of
 * the account's data. Writes are chained: a record's removal never overtakes its own put.
 */
export function accountOutboxStore(userId: string): OutboxStore {
  let chain: Promise<void> = Promise.resolve();
  const then = (step: () => Promise<void>) => {
    chain = chain.then(step, step);
  };
  return {
    put: (entry) => then(() => writeAccountValue(userId, recordKey(entry), entry)),
    remove: (entry) => then(() => removeAccountValue(userId, recordKey(entry))),
    adopt: (owner, closed) =>
      exclusively(async () => {
        await holdOwnerLock(owner);
        if (closed()) return [];
        const live = await liveOwners();
        const kept = (await readAccountValues<OutboxEntry>(userId, prefix)).filter(
          (entry) => entry.owner !== owner && !live.has(entry.owner),
        );
        const adopted = kept.sort(byAge).map((entry) => ({ ...entry, owner }));
        for (const [index, entry] of adopted.entries()) {
          then(() => writeAccountValue(userId, recordKey(entry), entry));
          then(() => removeAccountValue(userId, recordKey(kept[index] as OutboxEntry)));
        }
        await chain;
        return adopted;
      }),
    release: releaseOwnerLock,
  };
}

const locksApi = () => (typeof navigator === 'undefined' ? undefined : navigator.locks);

let adoptions: Promise<unknown> = Promise.resolve();

/** One adoption at a time, in this tab and (with Web Locks) across the account's tabs. */
function exclusively<T>(adopt: () => Promise<T>): Promise<T> {
  const locks = locksApi();
  const run = locks ? () => locks.request(`${lockPrefix}adopting`, adopt) : adopt;
  const result = adoptions.then(run, run);
  adoptions = result.catch(() => undefined);
  return result;
}

const ownerLocks = new Map<string, () => void>();

/**
 * Each outbox holds a Web Lock named after it while it is open; the browser releases it when the tab
 * goes. Another tab adopts only entries whose owner holds no lock, so a live tab's queue is never sent
 * twice from two places (the Idempotency-Key would keep it from being applied twice anyway).
 */
async function holdOwnerLock(owner: string): Promise<void> {
  const locks = locksApi();
  if (!locks || ownerLocks.has(owner)) return;
  await new Promise<void>((granted) => {
    void locks.request(
      `${lockPrefix}${owner}`,
      () =>
        new Promise<void>((release) => {
          ownerLocks.set(owner, release);
          granted();
        }),
    );
  });
}

function releaseOwnerLock(owner: string): void {
  ownerLocks.get(owner)?.();
  ownerLocks.delete(owner);
}

async function liveOwners(): Promise<Set<string>> {
  const locks = locksApi();
  if (!locks) return new Set();
  const { held = [] } = await locks.query();
  return new Set(
    held.flatMap((lock) => (lock.name?.startsWith(lockPrefix) ? [lock.name.slice(lockPrefix.length)] : [])),
  );
}
