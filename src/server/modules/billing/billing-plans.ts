import { buildPlans, type Plan, testModePriceIds } from '../../../shared/domain/plans.ts';
import type { Config } from '../../config.ts';

/** The catalogue with this server's price ids: STRIPE_PRICE_* with Stripe, fixed ids in test mode. */
export function plansFor(config: Config): Plan[] {
  if (config.billingMode !== 'stripe') return buildPlans(testModePriceIds);
  return buildPlans({
    // Unset price ids leave checkout failing at Stripe; registerBilling warns about it at start-up.
    monthly: config.STRIPE_PRICE_MONTHLY ?? 'STRIPE_PRICE_MONTHLY-not-set',
    yearly: config.STRIPE_PRICE_YEARLY ?? 'STRIPE_PRICE_YEARLY-not-set',
  });
}
