import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import { findTestObject, insertTestObject, replaceTestObject, updateTestObject } from './billing.repo.ts';
import type { BillingEvent } from './billing-events.ts';
import type { BillingProvider, ProviderSubscription, StripeSubscriptionShape } from './billing-provider.ts';
import { fromStripeSubscription } from './billing-provider.ts';

/**
 * The built-in test mode: a stand-in for Stripe used only with BILLING=test. It never
 * touches the network. Checkout sessions and subscriptions are kept, in Stripe's JSON shapes, in
 * billing_test_objects (so they survive a restart and are shared by every process), and every change
 * is announced as a Stripe-shaped event handed to `deliver`, which is the webhook's own handler.
 */

export interface TestCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer: string;
  client_reference_id: string;
  subscription: string | null;
  url: string;
  success_url: string;
  cancel_url: string;
  created: number;
  livemode: false;
  metadata: { user_id: string; price_id: string };
}

export interface TestSubscription extends StripeSubscriptionShape {
  object: 'subscription';
  customer: string;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  livemode: false;
  metadata: { user_id: string };
  items: {
    data: Array<{
      id: string;
      current_period_start: number;
      current_period_end: number;
      price: { id: string };
    }>;
  };
}

export type Deliver = (event: BillingEvent) => Promise<void>;

const testId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** One billing interval after `fromSeconds` (calendar month or year, in UTC). */
export function addInterval(fromSeconds: number, interval: 'month' | 'year'): number {
  const date = new Date(fromSeconds * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return seconds(date);
}

export function testEvent(type: string, object: unknown, now: Date): BillingEvent & Record<string, unknown> {
  return {
    id: testId('evt'),
    object: 'event',
    type,
    created: seconds(now),
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** The invoice Stripe would send with invoice.paid / invoice.payment_failed for a subscription. */
export function testInvoice(subscription: TestSubscription, paid: boolean, now: Date) {
  const item = subscription.items.data[0];
  return {
    id: testId('in'),
    object: 'invoice',
    customer: subscription.customer,
    status: paid ? 'paid' : 'open',
    currency: 'usd',
    created: seconds(now),
    period_start: item?.current_period_start ?? seconds(now),
    period_end: item?.current_period_end ?? seconds(now),
    livemode: false,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
  };
}

export class TestModeStore {
  constructor(private readonly deps: AppDeps) {}

  /** The session, and `stored`: its exact stored text, for `replace`. */
  async checkoutSession(
    id: string,
  ): Promise<{ userId: string; session: TestCheckoutSession; stored: string } | undefined> {
    const row = await findTestObject(this.deps.database.db, id);
    if (row?.kind !== 'checkout_session') return undefined;
    return { userId: row.user_id, session: JSON.parse(row.data) as TestCheckoutSession, stored: row.data };
  }

  async subscription(id: string): Promise<{ userId: string; subscription: TestSubscription } | undefined> {
    const row = await findTestObject(this.deps.database.db, id);
    if (row?.kind !== 'subscription') return undefined;
    return { userId: row.user_id, subscription: JSON.parse(row.data) as TestSubscription };
  }

  async insert(
    kind: 'checkout_session' | 'subscription',
    userId: string,
    object: { id: string },
  ): Promise<void> {
    const at = this.deps.now().toISOString();
    await insertTestObject(this.deps.database.db, {
      id: object.id,
      kind,
      user_id: userId,
      data: JSON.stringify(object),
      created_at: at,
      updated_at: at,
    });
  }

  /**
   * Saves `object` only if its stored text is still `stored` (what the caller read): of two requests
   * changing one session at once (pay twice, pay and expire), exactly one wins.
   */
  async replace(object: { id: string }, stored: string): Promise<boolean> {
    return replaceTestObject(
      this.deps.database.db,
      object.id,
      stored,
      JSON.stringify(object),
      this.deps.now().toISOString(),
    );
  }

  async save(object: { id: string }): Promise<void> {
    await updateTestObject(
      this.deps.database.db,
      object.id,
      JSON.stringify(object),
      this.deps.now().toISOString(),
    );
  }
}

export function testModeProvider(deps: AppDeps, store: TestModeStore, deliver: Deliver): BillingProvider {
  const load = async (id: string) => {
    const found = await store.subscription(id);
    if (!found) throw new Error(`test-mode subscription ${id} does not exist`);
    return found.subscription;
  };
  return {
    testMode: true,
    async createCustomer() {
      return testId('cus');
    },
    async createCheckoutSession(input) {
      const id = testId('cs');
      const session: TestCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: input.customerId,
        client_reference_id: input.userId,
        subscription: null,
        // On the site the checkout was started from (its cancel URL is `<app URL>/checkout/cancel`).
        url: `${input.cancelUrl.replace(/\/checkout\/cancel$/, '')}/billing/test-checkout?session=${encodeURIComponent(id)}`,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        created: seconds(deps.now()),
        livemode: false,
        metadata: { user_id: input.userId, price_id: input.priceId },
      };
      await store.insert('checkout_session', input.userId, session);
      return { id, url: session.url };
    },
    async expireCheckoutSession(id) {
      const found = await store.checkoutSession(id);
      if (found?.session.status !== 'open') return;
      // Lost to a concurrent pay: then it is complete, which is what expiring leaves alone anyway.
      const expired: TestCheckoutSession = { ...found.session, status: 'expired' };
      await store.replace(expired, found.stored);
    },
    async retrieveSubscription(id): Promise<ProviderSubscription> {
      return fromStripeSubscription(await load(id));
    },
    async setCancelAtPeriodEnd(id, cancel) {
      const subscription = await load(id);
      subscription.cancel_at_period_end = cancel;
      subscription.cancel_at = cancel ? (subscription.items.data[0]?.current_period_end ?? null) : null;
      subscription.canceled_at = cancel ? seconds(deps.now()) : null;
      await store.save(subscription);
      await deliver(testEvent('customer.subscription.updated', subscription, deps.now()));
      return fromStripeSubscription(subscription);
    },
    async cancelNow(id) {
      const found = await store.subscription(id);
      if (!found) return;
      found.subscription.status = 'canceled';
      found.subscription.canceled_at = seconds(deps.now());
      await store.save(found.subscription);
    },
    async createPortalSession(input) {
      // The return URL is `<app URL>/`, on the site the portal was opened from.
      return `${input.returnUrl.replace(/\/$/, '')}/billing/test-portal`;
    },
  };
}
