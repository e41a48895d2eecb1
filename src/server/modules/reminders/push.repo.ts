import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PushSubscriptionsTable } from '../../db/schema.ts';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/**
 * One row per endpoint: a browser that subscribes again (or under another account) replaces its row.
 * PostgreSQL and SQLite both take `on conflict … do update`.
 */
export async function upsertSubscription(db: Db, row: Insertable<PushSubscriptionsTable>): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: row.user_id,
        p256dh: row.p256dh,
        auth: row.auth,
        user_agent: row.user_agent ?? null,
        last_failure_at: null,
        last_failure: null,
      }),
    )
    .execute();
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function subscriptionsOf(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
}

export async function forgetSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function recordPushResult(db: Db, id: string, at: string, failure: string | null) {
  await db
    .updateTable('push_subscriptions')
    .set(
      failure === null
        ? { last_success_at: at, last_failure: null }
        : { last_failure_at: at, last_failure: failure },
    )
    .where('id', '=', id)
    .execute();
}
