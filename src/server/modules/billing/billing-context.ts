import type { FastifyBaseLogger } from 'fastify';
import type { Plan } from '../../../shared/domain/plans.ts';
import type { AppDeps } from '../../deps.ts';
import { type BillingEvent, type EventOutcome, handleBillingEvent } from './billing-events.ts';
import { plansFor } from './billing-plans.ts';
import type { BillingProvider } from './billing-provider.ts';
import { createStripeClient, stripeProvider } from './stripe-provider.ts';
import { TestModeStore, testModeProvider } from './test-mode-provider.ts';

/** Billing as one app instance runs it: the provider, the catalogue, and the test-mode store if any. */
export interface Billing {
  deps: AppDeps;
  provider: BillingProvider;
  plans: Plan[];
  /** Present only in the built-in test mode (BILLING=test). */
  testStore: TestModeStore | null;
  handle(event: BillingEvent, log: FastifyBaseLogger): Promise<EventOutcome>;
}

export function createBilling(deps: AppDeps): Billing {
  const plans = plansFor(deps.config);
  const secretKey = deps.config.STRIPE_SECRET_KEY;
  // config.ts guarantees the key in stripe mode and refuses it in the others.
  if (deps.config.billingMode === 'stripe' && secretKey) {
    const provider = stripeProvider(createStripeClient({ secretKey, apiBase: deps.config.STRIPE_API_BASE }));
    return {
      deps,
      provider,
      plans,
      testStore: null,
      handle: (event, log) => handleBillingEvent(deps, provider, event, log),
    };
  }
  const testStore = new TestModeStore(deps);
  // Test-mode events go straight to the webhook's handler; `deliver` is bound once the provider exists.
  const billing: Billing = {
    deps,
    plans,
    testStore,
    provider: testModeProvider(deps, testStore, async (event) => {
      await billing.handle(event, deps.logger);
    }),
    handle: (event, log) => handleBillingEvent(deps, billing.provider, event, log),
  };
  return billing;
}

/** Start-up warnings for a configuration that cannot work in production. */
export function warnAboutConfig(deps: AppDeps): void {
  const { config, logger } = deps;
  if (config.billingMode === 'off') {
    logger.info('billing: BILLING=off; no trial and no billing, every account may write');
    return;
  }
  if (config.billingMode === 'test') {
    logger.info('billing: using the built-in test mode (no real payments; BILLING=stripe takes payments)');
    return;
  }
  if (!config.STRIPE_WEBHOOK_SECRET && config.isProduction) {
    logger.warn(
      'billing: STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not. Every Stripe webhook will be ' +
        'refused (400), so payments will never activate subscriptions. Set STRIPE_WEBHOOK_SECRET to the ' +
        'signing secret of the webhook endpoint for /api/billing/webhook.',
    );
  }
  if (!config.STRIPE_PRICE_MONTHLY || !config.STRIPE_PRICE_YEARLY) {
    logger.warn('billing: STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY must both be set; checkout will fail');
  }
}
