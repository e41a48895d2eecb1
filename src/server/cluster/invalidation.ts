import { sql } from 'kysely';
import type { Invalidation } from '../cache/invalidation-hub.ts';
import type { Db } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';

/**
 * Instant cache invalidation across instances. The session and profile caches are per process (held by
 * the app's InvalidationHub, cache/invalidation-hub.ts); whatever ends a session or changes what an
 * account may do announces it here:
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

/**
 * Live events (modules/live): a committed `user_events` row is announced on this channel, its payload
 * the user's id, and every instance's listener wakes that user's open streams, which read the rows.
 */
export const liveChannel = 'jotlist_live';

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
  const hub = deps.context.invalidation;
  const result = await deps.database.db.transaction().execute((trx) =>
    work(trx, async (message) => {
      recorded.push(message);
      if (deps.database.engine !== 'postgres') return;
      const payload = JSON.stringify({ ...message, origin: hub.origin });
      await sql`select pg_notify(${invalidationChannel}, ${payload})`.execute(trx);
    }),
  );
  for (const message of recorded) hub.apply(message);
  return result;
}
