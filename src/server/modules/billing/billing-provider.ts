/**
 * The seam between billing and the payment provider. Two implementations: real Stripe through the
 * official SDK (stripe-provider.ts) and the built-in test mode (test-mode-provider.ts), which keeps
 * Stripe-shaped objects in our own database and never touches the network. Everything above the seam
 * (routes, services, the webhook event handler) is the same for both.
 */

/** A subscription as the provider reports it now, reduced to what billing stores. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: string;
  /** Epoch seconds. */
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  priceId: string;
  paymentMethodBrand: string | null;
  paymentMethodLast4: string | null;
}

export interface CheckoutInput {
  customerId: string;
  userId: string;
  email: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
}

export interface BillingProvider {
  /** True for the built-in test mode (BILLING=test). */
  readonly testMode: boolean;
  createCustomer(input: { email: string; userId: string }): Promise<string>;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** Makes a checkout session unpayable. One that is already complete or expired is left as it is. */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /** A fresh read: the webhook handler trusts this, not the (possibly stale) event payload. */
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription>;
  /** Cancels now, not at period end (the account was deleted). A subscription already gone is fine. */
  cancelNow(subscriptionId: string): Promise<void>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<string>;
}

/**
 * The part of Stripe's subscription object billing reads. Since API 2025-03 `current_period_end` lives on
 * the subscription items, not the subscription; the newest Customer Portal cancels by setting
 * `cancel_at` (to the period end) rather than `cancel_at_period_end`, so both count as "cancels".
 */
export interface StripeSubscriptionShape {
  id: string;
  customer: string | { id: string };
  status: string;
  cancel_at_period_end: boolean;
  cancel_at?: number | null;
  items: { data: Array<{ current_period_end: number; price: { id: string } }> };
  default_payment_method?: string | { card?: { brand: string; last4: string } | null } | null;
}

export const idOf = (value: string | { id: string }): string =>
  typeof value === 'string' ? value : value.id;

export function fromStripeSubscription(subscription: StripeSubscriptionShape): ProviderSubscription {
  const items = subscription.items.data;
  const first = items[0];
  if (!first) throw new Error(`subscription ${subscription.id} has no items`);
  const method = subscription.default_payment_method;
  const card = method && typeof method === 'object' ? (method.card ?? null) : null;
  const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    status: subscription.status,
    currentPeriodEnd: Math.max(...items.map((item) => item.current_period_end)),
    cancelAtPeriodEnd: !ended && (subscription.cancel_at_period_end || subscription.cancel_at != null),
    priceId: first.price.id,
    paymentMethodBrand: card?.brand ?? null,
    paymentMethodLast4: card?.last4 ?? null,
  };
}
