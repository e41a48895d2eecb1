import { sql } from 'kysely';
import { liveChannel } from '../../cluster/invalidation.ts';
import type { Db, DbEngine } from '../../db/database.ts';

export interface StoredEvent {
  id: number;
  payload: string;
}

/**
 * Records one event. On PostgreSQL the NOTIFY goes out in the same transaction, so the other instances
 * hear of it exactly when the row is there to be read.
 */
export async function insertEvent(
  db: Db,
  engine: DbEngine,
  row: { userId: string; payload: string; createdAt: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user_events')
      .values({ user_id: row.userId, payload: row.payload, created_at: row.createdAt })
      .execute();
    if (engine === 'postgres') await sql`select pg_notify(${liveChannel}, ${row.userId})`.execute(trx);
  });
}

/** A user's events after `afterId`, oldest first. */
export async function eventsAfter(db: Db, userId: string, afterId: number, limit: number) {
  const rows = await db
    .selectFrom('user_events')
    .select(['id', 'payload'])
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  // bigserial comes back from pg as text.
  return rows.map((row): StoredEvent => ({ id: Number(row.id), payload: row.payload }));
}

/** The oldest and newest event ids still kept (of anyone: ids come from one sequence). */
export async function keptRange(db: Db): Promise<{ oldest: number; newest: number } | null> {
  const row = await db
    .selectFrom('user_events')
    .select((eb) => [eb.fn.min('id').as('oldest'), eb.fn.max('id').as('newest')])
    .executeTakeFirst();
  if (!row || row.oldest === null || row.newest === null) return null;
  return { oldest: Number(row.oldest), newest: Number(row.newest) };
}

/** Deletes events older than `before`, always keeping the newest, so a too-old id stays recognisable. */
export async function pruneEvents(db: Db, before: string): Promise<number> {
  const range = await keptRange(db);
  if (!range) return 0;
  const result = await db
    .deleteFrom('user_events')
    .where('created_at', '<', before)
    .where('id', '<', range.newest)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
