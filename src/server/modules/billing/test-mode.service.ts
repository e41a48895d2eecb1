import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { planForPrice } from '../../../shared/domain/plans.ts';
import { messages } from '../../../shared/messages.ts';
import type { Subscription, TestCheckoutResponse } from '../../../shared/schemas/billing.ts';
import { AppError, notFound } from '../../app-error.ts';
import { subscriptionsOfUser } from './billing.repo.ts';
import {
  activeSubscriptionRow,
  currentSubscriptionRow,
  refuseWhileSubscribed,
  toSubscription,
} from './billing.service.ts';
import type { Billing } from './billing-context.ts';
import {
  addInterval,
  type TestModeStore,
  type TestSubscription,
  testEvent,
  testInvoice,
} from './test-mode-provider.ts';

/**
 * The actions of the test-mode checkout and portal pages. Each changes the stored Stripe-shaped objects
 * the way Stripe would, then hands the same events Stripe would send to the webhook's own handler.
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function storeOf(billing: Billing): TestModeStore {
  // The routes are only registered in test mode; this guards a wrong wiring, not a user's request.
  if (!billing.testStore) throw notFound();
  return billing.testStore;
}

async function deliver(billing: Billing, log: FastifyBaseLogger, type: string, object: unknown) {
  await billing.handle(testEvent(type, object, billing.deps.now()), log);
}

async function ownSessionRecord(billing: Billing, userId: string, sessionId: string) {
  const found = await storeOf(billing).checkoutSession(sessionId);
  // Another user's session answers as if it did not exist.
  if (!found || found.userId !== userId) throw notFound();
  return found;
}

async function ownSession(billing: Billing, userId: string, sessionId: string) {
  return (await ownSessionRecord(billing, userId, sessionId)).session;
}

export async function testCheckout(
  billing: Billing,
  user: { userId: string; email: string },
  sessionId: string,
): Promise<TestCheckoutResponse> {
  const session = await ownSession(billing, user.userId, sessionId);
  const plan = planForPrice(billing.plans, session.metadata.price_id);
  if (!plan) throw notFound();
  return { sessionId: session.id, plan, email: user.email, status: session.status };
}

/** "Pay": the subscription starts now, paid by a test card; Stripe's three events follow. */
export async function payTestCheckout(
  billing: Billing,
  userId: string,
  sessionId: string,
  log: FastifyBaseLogger,
): Promise<{ redirectUrl: string }> {
  const store = storeOf(billing);
  const { session, stored } = await ownSessionRecord(billing, userId, sessionId);
  const closed = () => new AppError('conflict', 409, messages.billing.checkoutClosed);
  if (session.status !== 'open') throw closed();
  const plan = planForPrice(billing.plans, session.metadata.price_id);
  if (!plan) throw notFound();
  // Stripe's "limit customers to one subscription" does the same at its checkout page.
  await refuseWhileSubscribed(billing, userId);
  const now = billing.deps.now();
  const start = seconds(now);
  const subscription: TestSubscription = {
    id: `sub_test_${randomBytes(12).toString('hex')}`,
    object: 'subscription',
    customer: session.customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    created: start,
    livemode: false,
    metadata: { user_id: userId },
    items: {
      data: [
        {
          id: `si_test_${randomBytes(12).toString('hex')}`,
          current_period_start: start,
          current_period_end: addInterval(start, plan.interval),
          price: { id: plan.priceId },
        },
      ],
    },
    default_payment_method: { card: { brand: 'visa', last4: '4242' } },
  };
  // Claimed before the subscription exists: of two pays of one session at once, one wins, one gets 409.
  Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
  if (!(await store.replace(session, stored))) throw closed();
  await store.insert('subscription', userId, subscription);

  await deliver(billing, log, 'checkout.session.completed', session);
  await deliver(billing, log, 'customer.subscription.created', subscription);
  await deliver(billing, log, 'invoice.paid', testInvoice(subscription, true, now));
  return { redirectUrl: `/checkout/success?session_id=${encodeURIComponent(session.id)}` };
}

export async function cancelTestCheckout(
  billing: Billing,
  userId: string,
  sessionId: string,
): Promise<{ redirectUrl: string }> {
  const { session, stored } = await ownSessionRecord(billing, userId, sessionId);
  if (session.status === 'open') {
    session.status = 'expired';
    // Lost to a concurrent pay: the session is complete, and stays so.
    await storeOf(billing).replace(session, stored);
  }
  return { redirectUrl: '/checkout/cancel' };
}

async function ownActiveTestSubscription(billing: Billing, userId: string): Promise<TestSubscription> {
  const row = await activeSubscriptionRow(billing, userId);
  const found = await storeOf(billing).subscription(row.stripe_subscription_id);
  if (!found || found.userId !== userId) throw notFound(messages.billing.noActiveSubscription);
  return found.subscription;
}

export async function currentSubscriptionOf(billing: Billing, userId: string): Promise<Subscription | null> {
  const row = currentSubscriptionRow(await subscriptionsOfUser(billing.deps.database.db, userId));
  return row ? toSubscription(billing, row) : null;
}

/** Portal "cancel" / "resume": the provider's own update, which delivers customer.subscription.updated. */
export async function setTestCancel(billing: Billing, userId: string, cancel: boolean) {
  const subscription = await ownActiveTestSubscription(billing, userId);
  await billing.provider.setCancelAtPeriodEnd(subscription.id, cancel);
}

/**
 * Portal "end period": what Stripe does when the current period runs out. A subscription set to cancel
 * is canceled (customer.subscription.deleted: the account goes read-only after its trial); any other
 * renews for one more interval and its invoice is paid.
 */
export async function endTestPeriod(billing: Billing, userId: string, log: FastifyBaseLogger) {
  const store = storeOf(billing);
  const subscription = await ownActiveTestSubscription(billing, userId);
  const now = billing.deps.now();
  if (subscription.cancel_at_period_end || subscription.cancel_at != null) {
    subscription.status = 'canceled';
    subscription.ended_at = seconds(now);
    await store.save(subscription);
    await deliver(billing, log, 'customer.subscription.deleted', subscription);
    return;
  }
  const plan = planForPrice(billing.plans, subscription.items.data[0]?.price.id);
  for (const item of subscription.items.data) {
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(item.current_period_end, plan?.interval ?? 'month');
  }
  await store.save(subscription);
  await deliver(billing, log, 'customer.subscription.updated', subscription);
  await deliver(billing, log, 'invoice.paid', testInvoice(subscription, true, now));
}
