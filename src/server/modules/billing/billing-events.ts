import type { FastifyBaseLogger } from 'fastify';
import { planForPrice } from '../../../shared/domain/plans.ts';
import { transactionWithInvalidation } from '../../cluster/invalidation.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { enqueueMail } from '../../jobs/mail.job.ts';
import { wakeJobs } from '../../jobs/queue.ts';
import {
  findUserEmail,
  findUserIdOfCustomer,
  insertProcessedEvent,
  isEventProcessed,
  liveStatuses,
  markActivated,
  subscriptionsOfUser,
  upsertSubscription,
} from './billing.repo.ts';
import { subscriptionActiveMail } from './billing-mails.ts';
import { plansFor } from './billing-plans.ts';
import type { BillingProvider, ProviderSubscription } from './billing-provider.ts';
import { idOf } from './billing-provider.ts';

/**
 * The one place Stripe events take effect, for real webhooks and for the built-in test mode alike.
 *
 * - Each event id is handled once: its row in billing_events is written in the same transaction as the
 *   effect, so a failure leaves neither and the delivery can be retried (the webhook answers 5xx).
 * - Order-proof: the event's own copy of the subscription is never trusted; the handler reads the
 *   subscription from the provider now and upserts it by Stripe's id. A late, older event therefore
 *   writes the current state, and `synced_at` stops a slower read from overwriting a newer one.
 * - An event for a customer we do not know is acknowledged and logged; nothing is written.
 */

/** The part of a Stripe event the handler reads. Real events and test-mode events both have it. */
export interface BillingEvent {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

export type EventOutcome = 'handled' | 'duplicate' | 'ignored' | 'unknown_customer';

export const handledEventTypes = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

const handled = new Set<string>(handledEventTypes);

type Ref = string | { id: string };
const isRef = (value: unknown): value is Ref =>
  typeof value === 'string' ||
  (typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string');
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
const refField = (value: unknown, key: string): string | null => {
  const found = field(value, key);
  return isRef(found) ? idOf(found) : null;
};

/** The subscription an event is about, wherever this event type keeps it. */
function subscriptionIdOf(type: string, object: unknown): string | null {
  if (type.startsWith('customer.subscription.')) return refField(object, 'id');
  if (type === 'checkout.session.completed') return refField(object, 'subscription');
  // Invoices: API 2025-03 moved the subscription to parent.subscription_details (older: `subscription`).
  const details = field(field(object, 'parent'), 'subscription_details');
  return refField(details, 'subscription') ?? refField(object, 'subscription');
}

export async function handleBillingEvent(
  deps: AppDeps,
  provider: BillingProvider,
  event: BillingEvent,
  log: FastifyBaseLogger,
): Promise<EventOutcome> {
  if (!handled.has(event.type)) return 'ignored';
  const db = deps.database.db;
  // Cheap early exit for a redelivery; the insert inside the transaction is what really decides.
  if (await isEventProcessed(db, event.id)) return 'duplicate';

  const object = event.data.object;
  const customerId = refField(object, 'customer');
  if (customerId && !(await findUserIdOfCustomer(db, customerId))) {
    log.warn({ eventId: event.id, type: event.type, customerId }, 'billing event for an unknown customer');
    return 'unknown_customer';
  }
  const subscriptionId = subscriptionIdOf(event.type, object);
  if (!subscriptionId) {
    // E.g. a one-off payment's checkout: nothing of ours to change, but remember it was seen.
    const now = deps.now().toISOString();
    const fresh = await insertProcessedEvent(db, { event_id: event.id, type: event.type, processed_at: now });
    return fresh ? 'handled' : 'duplicate';
  }
  try {
    return await syncSubscription(deps, provider, log, { subscriptionId, event });
  } catch (error) {
    // A subscription Stripe no longer has (deleted test data, another account's id): retrying cannot
    // help, so the event is acknowledged. Any other failure propagates: 5xx, and Stripe retries.
    if (isResourceMissing(error)) {
      log.warn(
        { eventId: event.id, subscriptionId },
        'billing event for a subscription Stripe does not have',
      );
      return 'ignored';
    }
    throw error;
  }
}

const isResourceMissing = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'resource_missing';

/**
 * Reads a subscription from the provider (or takes one it just answered with) and stores it, recording
 * `event` as processed in the same transaction. After commit, mails the confirmation if this write is
 * the one that first saw the subscription active.
 */
export async function syncSubscription(
  deps: AppDeps,
  provider: BillingProvider,
  log: FastifyBaseLogger,
  input: {
    subscriptionId: string;
    event?: BillingEvent;
    known?: { subscription: ProviderSubscription; readAt: string };
  },
): Promise<EventOutcome> {
  // Wall-clock time on purpose (not deps.now, the domain clock tests move): this orders reads from the
  // provider, across processes too, and must be taken before the read starts.
  const readAt = input.known?.readAt ?? new Date().toISOString();
  const subscription =
    input.known?.subscription ?? (await provider.retrieveSubscription(input.subscriptionId));
  const db = deps.database.db;
  const userId = await findUserIdOfCustomer(db, subscription.customerId);
  if (!userId) {
    log.warn(
      { subscriptionId: subscription.id, customerId: subscription.customerId },
      'billing: unknown customer',
    );
    return 'unknown_customer';
  }

  const now = deps.now().toISOString();
  const result = await transactionWithInvalidation(deps, async (trx, invalidate) => {
    if (input.event) {
      const fresh = await insertProcessedEvent(trx, {
        event_id: input.event.id,
        type: input.event.type,
        processed_at: now,
      });
      if (!fresh) return { outcome: 'duplicate' as const, activated: false };
    }
    await upsertSubscription(trx, {
      stripe_subscription_id: subscription.id,
      user_id: userId,
      stripe_customer_id: subscription.customerId,
      status: subscription.status,
      current_period_end: new Date(subscription.currentPeriodEnd * 1000).toISOString(),
      cancel_at_period_end: subscription.cancelAtPeriodEnd ? 1 : 0,
      price_id: subscription.priceId,
      payment_method_brand: subscription.paymentMethodBrand,
      payment_method_last4: subscription.paymentMethodLast4,
      synced_at: readAt,
      activated_at: null,
      created_at: now,
      updated_at: now,
    });
    // What the account may do changed: every instance drops what it cached about it at commit.
    await invalidate({ kind: 'entitlement', userId });
    // The confirmation mail is a job written in this transaction: it goes out once the state is
    // committed, is retried if the mail server fails, and only the write that first sees the
    // subscription active (markActivated) enqueues it, so duplicates and races never mail twice.
    const activated = await markActivated(trx, subscription.id, now);
    if (activated) await enqueueActivationMail(deps, trx, userId, subscription);
    return { outcome: 'handled' as const, activated };
  });

  if (result.outcome === 'handled') await warnAboutDuplicates(deps, log, userId, subscription.id);

  if (result.activated) wakeJobs(deps);
  return result.outcome;
}

/**
 * One subscription per account, but Stripe can still hold two (one made out of band, two checkouts paid
 * at once). Both rows are kept, the first stays the account's (currentSubscriptionRow), and the status
 * the Billing tab reads says so (extraSubscriptions); this warning tells the operator.
 */
async function warnAboutDuplicates(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: string,
  subscriptionId: string,
): Promise<void> {
  const renewing = (await subscriptionsOfUser(deps.database.db, userId)).filter(
    (row) => (liveStatuses as readonly string[]).includes(row.status) && row.cancel_at_period_end === 0,
  );
  if (renewing.length < 2 || !renewing.some((row) => row.stripe_subscription_id === subscriptionId)) return;
  log.warn(
    { userId, subscriptionIds: renewing.map((row) => row.stripe_subscription_id) },
    'billing: an account has more than one live subscription; the first is kept, the others are shown to cancel',
  );
}

async function enqueueActivationMail(
  deps: AppDeps,
  trx: Db,
  userId: string,
  subscription: ProviderSubscription,
): Promise<void> {
  const email = await findUserEmail(trx, userId);
  if (!email) return;
  const plan = planForPrice(plansFor(deps.config), subscription.priceId);
  await enqueueMail(
    trx,
    deps,
    subscriptionActiveMail(deps.config.APP_URL, email, plan, subscription.currentPeriodEnd),
  );
}
