/**
 * One IndexedDB database per signed-in account (`jotlist-offline-<user id>`, one object store of keyed
 * values): the account's last session answer, its persisted query cache and the outbox's waiting changes, so
 * the app opens offline and nothing made offline is lost.
 * A database per account rather than keys in a shared one, so clearing an account is one
 * deleteDatabase and a second account on the browser cannot even open the first's by mistake.
 *
 * Each operation opens the database and closes it when done: a connection left open would block the
 * deleteDatabase of sign-out until the page went away. No dependency and no zod, because the auth
 * context (in the landing page's bundle) clears and reads it. Never holds a token: the cookies are
 * httpOnly and the page never sees one.
 */
const prefix = 'jotlist-offline-';
const storeName = 'values';

export const accountStoreName = (userId: string) => `${prefix}${userId}`;

/**
 * Accounts cleared in this page: a write still on its way (the cache persister's timer) must not
 * bring the database back after sign-out. Signing in again as that account reopens it.
 */
const retired = new Set<string>();

const available = () => typeof indexedDB !== 'undefined';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function open(userId: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(accountStoreName(userId), 1);
    req.onupgradeneeded = () => req.result.createObjectStore(storeName);
    req.onsuccess = () => {
      const db = req.result;
      // Another tab deleting this account's database (its sign-out) must not wait for this one.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error('The offline store is blocked by another tab'));
  });
}

async function withStore<T>(
  userId: string,
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open(userId);
  try {
    const tx = db.transaction(storeName, mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('The offline store write was aborted'));
    });
    const result = await request(run(tx.objectStore(storeName)));
    await done;
    return result;
  } finally {
    db.close();
  }
}

/** The value kept under `key` for the account, or undefined (also when IndexedDB is unavailable). */
export async function readAccountValue<T>(userId: string, key: string): Promise<T | undefined> {
  if (!available() || retired.has(userId)) return undefined;
  try {
    return (await withStore(userId, 'readonly', (store) => store.get(key))) as T | undefined;
  } catch {
    return undefined;
  }
}

/** Every value kept under a key that starts with `prefix`, in key order ([] when unavailable). */
export async function readAccountValues<T>(userId: string, prefix: string): Promise<T[]> {
  if (!available() || retired.has(userId)) return [];
  try {
    const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
    return (await withStore(userId, 'readonly', (store) => store.getAll(range))) as T[];
  } catch {
    return [];
  }
}

/** Keeps a structured-cloneable value for the account; a failure (quota, private mode) is not fatal. */
export async function writeAccountValue(userId: string, key: string, value: unknown): Promise<void> {
  if (!available() || retired.has(userId)) return;
  try {
    await withStore(userId, 'readwrite', (store) => store.put(value, key));
  } catch {
    // The app works online without it; offline it opens with what was kept before.
  }
}

export async function removeAccountValue(userId: string, key: string): Promise<void> {
  if (!available() || retired.has(userId)) return;
  try {
    await withStore(userId, 'readwrite', (store) => store.delete(key));
  } catch {
    // As writeAccountValue.
  }
}

/** Removes several keys in one transaction (one open of the database, not one per key). */
export async function removeAccountValues(userId: string, keys: string[]): Promise<void> {
  if (!available() || retired.has(userId) || keys.length === 0) return;
  try {
    await withStore(userId, 'readwrite', (store) => {
      let last: IDBRequest<undefined> = store.delete(keys[0] as string);
      for (const key of keys.slice(1)) last = store.delete(key);
      return last;
    });
  } catch {
    // As writeAccountValue.
  }
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(name);
    // Blocked means another tab holds it open for a moment; the delete still happens once it closes.
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}

/** Signing out (or a session that ended): the account's data leaves this browser. */
export async function clearAccountStore(userId: string): Promise<void> {
  retired.add(userId);
  if (available()) await deleteDatabase(accountStoreName(userId));
}

/** Signed in as this account: its store may be written again (after a sign-out in this page). */
export function reopenAccountStore(userId: string): void {
  retired.delete(userId);
}

/**
 * Signed in as `userId`: every other account's store goes. Normally sign-out cleared them already; this
 * catches a session that ended while the browser was closed, so two accounts' data never sit side by side.
 */
export async function clearOtherAccountStores(userId: string): Promise<void> {
  if (!available() || typeof indexedDB.databases !== 'function') return;
  try {
    const keep = accountStoreName(userId);
    const names = (await indexedDB.databases()).map((db) => db.name ?? '');
    await Promise.all(
      names.filter((name) => name.startsWith(prefix) && name !== keep).map((name) => deleteDatabase(name)),
    );
  } catch {
    // Listing databases can fail in private modes; sign-out's own clearing still applies.
  }
}
