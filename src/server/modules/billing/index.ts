import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { registerJobs } from '../../jobs/queue.ts';
import { addAccountDeletionStep } from '../auth/index.ts';
import { addEntitlementSource } from '../entitlement/index.ts';
import { accountDeletionBilling } from './account-deletion.job.ts';
import { hasGrantingSubscription } from './billing.repo.ts';
import { billingRoutes as billingApiRoutes } from './billing.routes.ts';
import { createBilling, warnAboutConfig } from './billing-context.ts';
import { testModeRoutes } from './test-mode.routes.ts';
import { webhookRoutes } from './webhook.routes.ts';

/**
 * The billing module's public surface: one plugin that registers every /api/billing route and makes
 * subscriptions a source of full access (the entitlement seam). Everything else in this folder is internal.
 */
export function billingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    warnAboutConfig(deps);
    // BILLING=off: no billing at all. No routes (404), no test-mode pages, no subscription source: the
    // entitlement seam itself answers "writable" for every account in this mode.
    if (deps.config.billingMode === 'off') return;
    const billing = createBilling(deps);
    // Read on every question, never cached: a cancellation or payment is enforced at once, also when
    // another server process (sharing the PostgreSQL database) recorded it.
    addEntitlementSource(deps, {
      name: 'subscription',
      grantsAccess: (userId) => hasGrantingSubscription(deps.database.db, userId, deps.now().toISOString()),
    });
    const deletion = accountDeletionBilling(billing);
    registerJobs(deps, [deletion.job]);
    addAccountDeletionStep(deps, deletion.step);
    await app.register(billingApiRoutes(billing));
    await app.register(webhookRoutes(billing));
    if (billing.testStore) await app.register(testModeRoutes(billing));
  };
}
