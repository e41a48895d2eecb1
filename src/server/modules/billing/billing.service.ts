import type { FastifyBaseLogger } from 'fastify';
import { defaultPlanId, planForPrice } from '../../../shared/domain/plans.ts';
import { messages } from '../../../shared/messages.ts';
import type {
  CheckoutSessionResponse,
  Subscription,
  SubscriptionResponse,
  SubscriptionStatus,
} from '../../../shared/schemas/billing.ts';
import { subscriptionStatusSchema } from '../../../shared/schemas/billing.ts';
import { AppError, badRequest, notFound } from '../../app-error.ts';
import { accountStatus } from '../entitlement/index.ts';
import {
  findCustomerIdOfUser,
  findOpenCheckout,
  grantingStatuses,
  hasLiveSubscription,
  insertCustomer,
  liveStatuses,
  replaceOpenCheckout,
  type SubscriptionRow,
  subscriptionsOfUser,
} from './billing.repo.ts';
import type { Billing } from './billing-context.ts';
import { syncSubscription } from './billing-events.ts';

const granting = new Set<string>(grantingStatuses);
const live = new Set<string>(liveStatuses);

/**
 * The subscription the account is about: a granting one first, and of several granting ones the first
 * we recorded (a second one is a duplicate to cancel, never a replacement); otherwise the one that ends
 * last.
 */
export function currentSubscriptionRow(rows: SubscriptionRow[]): SubscriptionRow | null {
  const ranked = [...rows].sort(
    (a, b) =>
      Number(granting.has(b.status)) - Number(granting.has(a.status)) ||
      (granting.has(a.status) ? a.created_at.localeCompare(b.created_at) : 0) ||
      b.current_period_end.localeCompare(a.current_period_end) ||
      b.updated_at.localeCompare(a.updated_at),
  );
  return ranked[0] ?? null;
}

/** Subscriptions that will bill again (live, not set to cancel), beyond the one an account should have. */
export function extraSubscriptionCount(rows: SubscriptionRow[]): number {
  const renewing = rows.filter((row) => live.has(row.status) && row.cancel_at_period_end === 0);
  return Math.max(0, renewing.length - 1);
}

export function toSubscription(billing: Billing, row: SubscriptionRow): Subscription {
  const status = subscriptionStatusSchema.safeParse(row.status);
  return {
    // A status Stripe adds later reads as the closest one we know: not granting access.
    status: status.success ? status.data : ('unpaid' satisfies SubscriptionStatus),
    currentPeriodEnd: Math.floor(Date.parse(row.current_period_end) / 1000),
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    priceId: row.price_id,
    planId: planForPrice(billing.plans, row.price_id)?.id ?? null,
    paymentMethodBrand: row.payment_method_brand,
    paymentMethodLast4: row.payment_method_last4,
  };
}

/** GET /api/billing/subscription: our own table only, never the provider. */
export async function subscriptionStatus(billing: Billing, userId: string): Promise<SubscriptionResponse> {
  const [rows, profile] = await Promise.all([
    subscriptionsOfUser(billing.deps.database.db, userId),
    accountStatus(billing.deps, userId),
  ]);
  if (!profile) throw notFound();
  const row = currentSubscriptionRow(rows);
  return {
    subscription: row ? toSubscription(billing, row) : null,
    extraSubscriptions: extraSubscriptionCount(rows),
    profile,
  };
}

/** Provider failures become a 502 with our wording; Stripe's own messages never reach the client. */
async function viaProvider<T>(log: FastifyBaseLogger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error({ err: error, what }, 'billing provider call failed');
    throw new AppError('internal_error', 502, messages.generic);
  }
}

/** The user's Stripe customer, created on first use and reused after (one per user). */
async function ensureCustomer(
  billing: Billing,
  user: { userId: string; email: string },
  log: FastifyBaseLogger,
) {
  const db = billing.deps.database.db;
  const existing = await findCustomerIdOfUser(db, user.userId);
  if (existing) return existing;
  const created = await viaProvider(log, 'create customer', () => billing.provider.createCustomer(user));
  const kept = await insertCustomer(db, {
    user_id: user.userId,
    stripe_customer_id: created,
    created_at: billing.deps.now().toISOString(),
  });
  // Two checkouts raced: the first customer recorded wins; the other stays unused at Stripe.
  return kept ? created : ((await findCustomerIdOfUser(db, user.userId)) as string);
}

export async function startCheckout(
  billing: Billing,
  user: { userId: string; email: string },
  priceId: string | undefined,
  log: FastifyBaseLogger,
  /** The base of the return links (lib/app-url.ts). */
  appUrl: string = billing.deps.config.APP_URL,
): Promise<CheckoutSessionResponse> {
  const plan = priceId
    ? planForPrice(billing.plans, priceId)
    : (billing.plans.find((p) => p.id === defaultPlanId) ?? null);
  if (!plan) throw badRequest(messages.api.invalidInput, { priceId: messages.billing.unknownPrice });
  await refuseWhileSubscribed(billing, user.userId);
  const customerId = await ensureCustomer(billing, user, log);
  const session = await viaProvider(log, 'create checkout session', () =>
    billing.provider.createCheckoutSession({
      customerId,
      userId: user.userId,
      email: user.email,
      priceId: plan.priceId,
      // Stripe fills in {CHECKOUT_SESSION_ID}; the test mode's redirect does the same.
      successUrl: `${appUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${appUrl}/checkout/cancel`,
    }),
  );
  await replaceCheckout(billing, user.userId, session.id, log);
  return { sessionId: session.id, url: session.url };
}

/** One subscription per account: a subscriber changes plan in the portal, never through a second checkout. */
export async function refuseWhileSubscribed(billing: Billing, userId: string): Promise<void> {
  const nowIso = billing.deps.now().toISOString();
  if (await hasLiveSubscription(billing.deps.database.db, userId, nowIso)) {
    throw new AppError('already_subscribed', 409, messages.billing.alreadySubscribed);
  }
}

/**
 * Records `sessionId` as the user's one payable checkout and expires the one it replaces, so checkouts
 * started at once (two tabs, a double click) leave one session that can be paid. The compare-and-set
 * retries until it replaced exactly what it read; each racer expires what it replaced.
 */
async function replaceCheckout(billing: Billing, userId: string, sessionId: string, log: FastifyBaseLogger) {
  const db = billing.deps.database.db;
  let replaced: string | null = null;
  for (let attempt = 0; ; attempt += 1) {
    replaced = await findOpenCheckout(db, userId);
    if (await replaceOpenCheckout(db, userId, replaced, sessionId)) break;
    if (attempt === 20) throw new Error('billing: the open checkout kept changing');
  }
  if (!replaced || replaced === sessionId) return;
  const previous = replaced;
  try {
    await billing.provider.expireCheckoutSession(previous);
  } catch (error) {
    // The new checkout still works; a second payment would be caught by the webhook (extraSubscriptions).
    log.warn({ err: error, sessionId: previous }, 'billing: could not expire the replaced checkout session');
  }
}

export async function openPortal(
  billing: Billing,
  userId: string,
  log: FastifyBaseLogger,
  appUrl: string = billing.deps.config.APP_URL,
): Promise<string> {
  const customerId = await findCustomerIdOfUser(billing.deps.database.db, userId);
  if (!customerId) throw new AppError('conflict', 409, messages.billing.noCustomer);
  return viaProvider(log, 'create portal session', () =>
    billing.provider.createPortalSession({ customerId, returnUrl: `${appUrl}/` }),
  );
}

/** The subscription that currently grants access, or 404 'No active subscription found'. */
export async function activeSubscriptionRow(billing: Billing, userId: string): Promise<SubscriptionRow> {
  const row = currentSubscriptionRow(await subscriptionsOfUser(billing.deps.database.db, userId));
  if (!row || !granting.has(row.status)) throw notFound(messages.billing.noActiveSubscription);
  return row;
}

/**
 * Cancel = cancel at period end (access continues until then). The provider's answer is stored at once
 * so the panel shows `Subscription Expires` without waiting for the webhook, which then changes nothing.
 */
export async function cancelAtPeriodEnd(
  billing: Billing,
  userId: string,
  cancel: boolean,
  log: FastifyBaseLogger,
): Promise<void> {
  const row = await activeSubscriptionRow(billing, userId);
  const readAt = new Date().toISOString();
  const subscription = await viaProvider(log, 'update subscription', () =>
    billing.provider.setCancelAtPeriodEnd(row.stripe_subscription_id, cancel),
  );
  await syncSubscription(billing.deps, billing.provider, log, {
    subscriptionId: subscription.id,
    known: { subscription, readAt },
  });
}
