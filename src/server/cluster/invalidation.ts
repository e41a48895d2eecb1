import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';

/**
 * Instant cache invalidation across instances (issue 15 item 2, DESIGN.md §4). The session and profile
 * caches are per process; whatever ends a session or changes what an account may do announces it here:
 *
 *   await transactionWithInvalidation(deps, async (trx, invalidate) => {
 *     await deleteSession(trx, id);
 *     await invalidate({ kind: 'session', sessionId: id });
 *   });
 *
 * On PostgreSQL `invalidate` runs `pg_notify` inside the transaction, so every other instance hears it
 * exactly when the change commits (never for a rollback); each instance's listener
 * (invalidation-listener.ts) drops the named entries. This instance drops them itself right after the
 * commit, before the answer leaves, so its own next request never sees the old state. On SQLite (one
 * process) only the local drop happens. The caches' TTL stays as a safety net.
 */
export const invalidationChannel = 'jotlist_invalidate';

export const invalidationSchema = z.discriminatedUnion('kind', [
  /** One session ended or its access token changed (sign-out, refresh rotation, reuse, expiry). */
  z.object({ kind: z.literal('session'), sessionId: z.string() }),
  /** Everything cached about a user: sessions ended, password or e-mail changed, account deleted. */
  z.object({ kind: z.literal('user'), userId: z.string() }),
  /** What the user may do changed (trial, subscription). */
  z.object({ kind: z.literal('entitlement'), userId: z.string() }),
]);
export type Invalidation = z.infer<typeof invalidationSchema>;

/** A per-process cache that takes part: it drops what a message names, and everything when told. */
export interface InvalidatableCache {
  drop(message: Invalidation): void;
  /** Empties it and serves nothing from memory until `resume` (the listener lost the database). */
  suspend(): void;
  resume(): void;
}

interface Hub {
  /** Tells this instance's own notifications apart from the others'. */
  origin: string;
  caches: Set<InvalidatableCache>;
  suspended: boolean;
}

const hubs = new WeakMap<AppDeps, Hub>();

function hubOf(deps: AppDeps): Hub {
  let hub = hubs.get(deps);
  if (!hub) {
    // On PostgreSQL nothing is cached until the listener is connected (it resumes the caches then).
    hub = { origin: randomUUID(), caches: new Set(), suspended: deps.database.engine === 'postgres' };
    hubs.set(deps, hub);
  }
  return hub;
}

export function registerCache(deps: AppDeps, cache: InvalidatableCache): void {
  const hub = hubOf(deps);
  hub.caches.add(cache);
  if (hub.suspended) cache.suspend();
}

export function invalidationOrigin(deps: AppDeps): string {
  return hubOf(deps).origin;
}

/** Drops what `message` names from every cache of this instance. */
export function applyInvalidation(deps: AppDeps, message: Invalidation): void {
  for (const cache of hubOf(deps).caches) cache.drop(message);
}

/** Drops every cache of this instance and keeps them off (the invalidation channel is down). */
export function suspendCaches(deps: AppDeps): void {
  const hub = hubOf(deps);
  hub.suspended = true;
  for (const cache of hub.caches) cache.suspend();
}

/** Caching may start again (the channel is back; anything missed meanwhile was dropped by suspend). */
export function resumeCaches(deps: AppDeps): void {
  const hub = hubOf(deps);
  hub.suspended = false;
  for (const cache of hub.caches) cache.resume();
}

export type Invalidate = (message: Invalidation) => Promise<void>;

/**
 * Runs `work` in one transaction. Every invalidation it records is NOTIFYed inside that transaction (on
 * PostgreSQL) and applied to this instance's caches right after the commit.
 */
export async function transactionWithInvalidation<T>(
  deps: AppDeps,
  work: (trx: Db, invalidate: Invalidate) => Promise<T>,
): Promise<T> {
  const recorded: Invalidation[] = [];
  const origin = invalidationOrigin(deps);
  const result = await deps.database.db.transaction().execute((trx) =>
    work(trx, async (message) => {
      recorded.push(message);
      if (deps.database.engine !== 'postgres') return;
      const payload = JSON.stringify({ ...message, origin });
      await sql`select pg_notify(${invalidationChannel}, ${payload})`.execute(trx);
    }),
  );
  for (const message of recorded) applyInvalidation(deps, message);
  return result;
}
