import type { PlanEntry, Subscription, SubscriptionStatus } from '../../../shared/schemas/billing.ts';

/** docs/PRODUCT.md §4: status values are shown capitalised, underscores as spaces ("past_due" → "Past due"). */
export function formatStatus(status: SubscriptionStatus): string {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whole dollars stay whole ($50); anything else gets cents ($4.17). */
export function formatUsd(amount: number, { cents = false } = {}): string {
  const whole = Number.isInteger(amount) && !cents;
  return `$${amount.toFixed(whole ? 0 : 2)}`;
}

/** A period end (epoch seconds) as a long US date: "January 8, 2030". */
export function formatPeriodEnd(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** docs/PRODUCT.md §4 derived flag: a subscription is active when its status is active or trialing. */
export function isActiveSubscription(subscription: Subscription | null | undefined): boolean {
  return subscription?.status === 'active' || subscription?.status === 'trialing';
}

/** "Visa" for "visa"; Stripe gives brands in lower case. */
export function formatBrand(brand: string): string {
  return brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1);
}

export function planLabel(subscription: Subscription, plans: PlanEntry[] | undefined): string {
  const plan = plans?.find((p) => p.id === subscription.planId || p.priceId === subscription.priceId);
  return plan?.name ?? subscription.priceId;
}

export const perInterval = (plan: PlanEntry) => (plan.interval === 'year' ? '/year' : '/month');
