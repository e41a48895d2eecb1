import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BillingSubscriptionsTable, BillingTestObjectsTable } from '../../db/schema.ts';

export type SubscriptionRow = Selectable<BillingSubscriptionsTable>;
export type TestObjectRow = Selectable<BillingTestObjectsTable>;

/** Statuses that grant full access (docs/PRODUCT.md §4: active when the status is active or trialing). */
export const grantingStatuses = ['active', 'trialing'] as const;

/**
 * Statuses of a subscription that still bills (past_due: Stripe is retrying the card). While one exists
 * a new checkout is refused, and a second one reported for the account is a duplicate to surface.
 */
export const liveStatuses = ['active', 'trialing', 'past_due'] as const;

// ---- Customers ----

export async function findCustomerIdOfUser(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('billing_customers')
    .select('stripe_customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.stripe_customer_id;
}

export async function findUserIdOfCustomer(db: Db, customerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('billing_customers')
    .select('user_id')
    .where('stripe_customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.user_id;
}

/** Keeps the first customer recorded for a user; a concurrent second one is dropped (returns false). */
export async function insertCustomer(
  db: Db,
  row: { user_id: string; stripe_customer_id: string; created_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('billing_customers')
    .values(row)
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** The checkout session the user may still pay (null: none recorded). */
export async function findOpenCheckout(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('billing_customers')
    .select('open_checkout_session_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.open_checkout_session_id ?? null;
}

/**
 * Compare-and-set of the user's open checkout: true when it was still `expected`. One statement, so two
 * checkouts racing each replace exactly what they read, and exactly one of them ends up recorded.
 */
export async function replaceOpenCheckout(
  db: Db,
  userId: string,
  expected: string | null,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable('billing_customers')
    .set({ open_checkout_session_id: next })
    .where('user_id', '=', userId)
    .where('open_checkout_session_id', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- Subscriptions ----

export function subscriptionsOfUser(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db.selectFrom('billing_subscriptions').selectAll().where('user_id', '=', userId).execute();
}

/**
 * Whether a subscription grants access right now: active or trialing, and, once cancelled at period end,
 * only until that end (even if Stripe's `deleted` event is late). One indexed query, never cached.
 */
export function hasGrantingSubscription(db: Db, userId: string, nowIso: string): Promise<boolean> {
  return hasCurrentSubscription(db, userId, nowIso, grantingStatuses);
}

/**
 * Whether the user has a subscription that still bills or grants: live status, and not one that was set
 * to cancel at a period end already past (its `deleted` event may be late; it must not lock out a payer).
 */
export function hasLiveSubscription(db: Db, userId: string, nowIso: string): Promise<boolean> {
  return hasCurrentSubscription(db, userId, nowIso, liveStatuses);
}

/** A subscription in one of `statuses` that is not set to cancel at a period end already past. */
async function hasCurrentSubscription(
  db: Db,
  userId: string,
  nowIso: string,
  statuses: readonly string[],
): Promise<boolean> {
  const row = await db
    .selectFrom('billing_subscriptions')
    .select('stripe_subscription_id')
    .where('user_id', '=', userId)
    .where('status', 'in', statuses)
    .where((eb) => eb.or([eb('cancel_at_period_end', '=', 0), eb('current_period_end', '>', nowIso)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Inserts or updates the row of one Stripe subscription. An update only lands when the state it carries
 * was read from the provider no earlier than the stored one (`synced_at`), so a handler that read before
 * another one cannot overwrite the other's newer state whatever order their transactions commit in.
 */
export async function upsertSubscription(db: Db, row: Insertable<BillingSubscriptionsTable>): Promise<void> {
  await db
    .insertInto('billing_subscriptions')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('stripe_subscription_id')
        .doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'),
          stripe_customer_id: eb.ref('excluded.stripe_customer_id'),
          status: eb.ref('excluded.status'),
          current_period_end: eb.ref('excluded.current_period_end'),
          cancel_at_period_end: eb.ref('excluded.cancel_at_period_end'),
          price_id: eb.ref('excluded.price_id'),
          payment_method_brand: eb.ref('excluded.payment_method_brand'),
          payment_method_last4: eb.ref('excluded.payment_method_last4'),
          synced_at: eb.ref('excluded.synced_at'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('billing_subscriptions.synced_at', '<=', (eb) => eb.ref('excluded.synced_at')),
    )
    .execute();
}

/**
 * Marks the subscription activated if it is active now and never was before. True for exactly one
 * caller: the one whose transaction is due to send the confirmation mail.
 */
export async function markActivated(db: Db, subscriptionId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('billing_subscriptions')
    .set({ activated_at: at })
    .where('stripe_subscription_id', '=', subscriptionId)
    .where('activated_at', 'is', null)
    .where('status', 'in', grantingStatuses)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- Processed webhook events ----

/** Records an event as handled; false when it already was (a duplicate delivery). */
export async function insertProcessedEvent(
  db: Db,
  row: { event_id: string; type: string; processed_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('billing_events')
    .values(row)
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function isEventProcessed(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('billing_events')
    .select('event_id')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- Users (read only: the address the confirmation mail goes to) ----

export async function findUserEmail(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}

// ---- Built-in test mode objects ----

export function findTestObject(db: Db, id: string): Promise<TestObjectRow | undefined> {
  return db.selectFrom('billing_test_objects').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTestObject(db: Db, row: Insertable<BillingTestObjectsTable>): Promise<void> {
  await db.insertInto('billing_test_objects').values(row).execute();
}

/** Compare-and-set on the whole stored text; true when `expected` was still stored. */
export async function replaceTestObject(
  db: Db,
  id: string,
  expected: string,
  data: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('billing_test_objects')
    .set({ data, updated_at: at })
    .where('id', '=', id)
    .where('data', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateTestObject(db: Db, id: string, data: string, at: string): Promise<void> {
  await db.updateTable('billing_test_objects').set({ data, updated_at: at }).where('id', '=', id).execute();
}
