import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The one checkout session a user may still pay. A new checkout replaces it and expires the old one at
 * the provider, so two checkouts started at once (two tabs, a double click) cannot both be paid into two
 * subscriptions. Null when none was started since this column exists.
 */
export const billingOpenCheckoutMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('billing_customers').addColumn('open_checkout_session_id', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('billing_customers').dropColumn('open_checkout_session_id').execute();
  },
};
