import { readAccountValues, removeAccountValues, writeAccountValue } from './account-store.ts';

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
  const removals: string[] = [];
  const then = (step: () => Promise<void>) => {
    chain = chain.then(step, step);
  };
  return {
    put: (entry) => then(() => writeAccountValue(userId, recordKey(entry), entry)),
    remove: (entry) => {
      // Answers come one after another: their records go together, in one transaction per turn.
      if (removals.length === 0) then(() => removeAccountValues(userId, removals.splice(0)));
      removals.push(recordKey(entry));
    },
    adopt: async (owner, closed) => {
      // Its own lock first (the outbox writes no entry before this resolves): an entry in the store
      // then always has a live owner's lock behind it, or none because that tab is gone.
      await holdOwnerLock(owner, owner);
      return exclusively(async () => {
        if (closed()) return [];
        const live = await liveOwners();
        const kept = (await readAccountValues<OutboxEntry>(userId, prefix)).filter(
          (entry) => entry.owner !== owner && !live.has(entry.owner),
        );
        // The entries keep their records; this outbox takes their owners' locks instead (until it closes),
        // so another tab sees them as sent from here. No rewrite of every record before the first send.
        for (const earlier of new Set(kept.map((entry) => entry.owner))) await holdOwnerLock(earlier, owner);
        return kept.sort(byAge);
      });
    },
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

/** The locks each open outbox holds: its own, and those of the earlier owners whose entries it took. */
const heldLocks = new Map<string, (() => void)[]>();

/**
 * Each outbox holds a Web Lock named after it while it is open; the browser releases it when the tab
 * goes. Another tab adopts only entries whose owner holds no lock, so a live tab's queue is never sent
 * twice from two places (the Idempotency-Key would keep it from being applied twice anyway).
 */
async function holdOwnerLock(name: string, holder: string): Promise<void> {
  const locks = locksApi();
  if (!locks) return;
  await new Promise<void>((granted) => {
    void locks.request(
      `${lockPrefix}${name}`,
      () =>
        new Promise<void>((release) => {
          heldLocks.set(holder, [...(heldLocks.get(holder) ?? []), release]);
          granted();
        }),
    );
  });
}

function releaseOwnerLock(owner: string): void {
  for (const release of heldLocks.get(owner) ?? []) release();
  heldLocks.delete(owner);
}

async function liveOwners(): Promise<Set<string>> {
  const locks = locksApi();
  if (!locks) return new Set();
  const { held = [] } = await locks.query();
  return new Set(
    held.flatMap((lock) => (lock.name?.startsWith(lockPrefix) ? [lock.name.slice(lockPrefix.length)] : [])),
  );
}
