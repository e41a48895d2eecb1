/**
 * The plan catalogue (docs/PRODUCT.md §3, §9): Monthly $5, Yearly $50 (saves $10, 17 %, $4.17 a month, popular).
 * Prices are whole US dollars; Stripe amounts are the same in cents. Price ids are configuration
 * (STRIPE_PRICE_MONTHLY / STRIPE_PRICE_YEARLY), so the catalogue is built from them.
 */
export type PlanId = 'monthly' | 'yearly';

export interface Plan {
  id: PlanId;
  priceId: string;
  name: 'Monthly Plan' | 'Yearly Plan';
  description: 'Billed monthly' | 'Billed annually';
  price: 5 | 50;
  interval: 'month' | 'year';
  monthlyEquivalent: number | null;
  savings: number | null;
  savingsPercentage: number | null;
  popular: boolean;
}

export const planCurrency = 'usd' as const;

/** Price ids used by the built-in test mode (no STRIPE_SECRET_KEY). */
export const testModePriceIds = { monthly: 'price_test_monthly', yearly: 'price_test_yearly' } as const;

/** Starting checkout without a plan takes this one (spec: startCheckout(plan) defaults to yearly). */
export const defaultPlanId: PlanId = 'yearly';

export function buildPlans(priceIds: { monthly: string; yearly: string }): Plan[] {
  return [
    {
      id: 'monthly',
      priceId: priceIds.monthly,
      name: 'Monthly Plan',
      description: 'Billed monthly',
      price: 5,
      interval: 'month',
      monthlyEquivalent: null,
      savings: null,
      savingsPercentage: null,
      popular: false,
    },
    {
      id: 'yearly',
      priceId: priceIds.yearly,
      name: 'Yearly Plan',
      description: 'Billed annually',
      price: 50,
      interval: 'year',
      monthlyEquivalent: 4.17,
      savings: 10,
      savingsPercentage: 17,
      popular: true,
    },
  ];
}

/** The plan a Stripe price id belongs to, or null for a price outside the catalogue. */
export function planForPrice(plans: readonly Plan[], priceId: string | null | undefined): Plan | null {
  return plans.find((plan) => plan.priceId === priceId) ?? null;
}
