import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Billing: the Stripe customer of each user, the subscriptions Stripe reports, the webhook events
 * already handled, and the objects of the built-in test mode (a stand-in for Stripe's own records
 * when no STRIPE_SECRET_KEY is set).
 */
export const billingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One Stripe customer per user, created at the first checkout and reused after.
    await db.schema
      .createTable('billing_customers')
      .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('stripe_customer_id', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('billing_subscriptions')
      .addColumn('stripe_subscription_id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('stripe_customer_id', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      // ISO text like every timestamp here (Stripe's epoch seconds overflow a 32-bit integer in 2038).
      .addColumn('current_period_end', 'text', (col) => col.notNull())
      .addColumn('cancel_at_period_end', 'integer', (col) => col.notNull())
      .addColumn('price_id', 'text', (col) => col.notNull())
      .addColumn('payment_method_brand', 'text')
      .addColumn('payment_method_last4', 'text')
      // When the state stored here was read from Stripe: a write carrying an older read is refused,
      // so two handlers racing for one subscription cannot leave the older state behind.
      .addColumn('synced_at', 'text', (col) => col.notNull())
      // Set once, when the subscription first became active and its confirmation mail was due.
      .addColumn('activated_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('billing_subscriptions_user_idx')
      .on('billing_subscriptions')
      .columns(['user_id', 'status'])
      .execute();

    // Each Stripe event id is handled once; the row is written in the same transaction as the effect.
    await db.schema
      .createTable('billing_events')
      .addColumn('event_id', 'text', (col) => col.primaryKey())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('processed_at', 'text', (col) => col.notNull())
      .execute();

    // Built-in test mode only: Stripe-shaped objects (checkout sessions, subscriptions) as JSON.
    await db.schema
      .createTable('billing_test_objects')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('data', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('billing_test_objects').execute();
    await db.schema.dropTable('billing_events').execute();
    await db.schema.dropTable('billing_subscriptions').execute();
    await db.schema.dropTable('billing_customers').execute();
  },
};
