import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { registerJobs } from '../../jobs/queue.ts';
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
    // Wired here rather than in app.ts: they exist only with BILLING on, and need this module's provider.
    deps.context.entitlementSources.push({
      name: 'subscription',
      grantsAccess: (userId) => hasGrantingSubscription(deps.database.db, userId, deps.now().toISOString()),
    });
    const deletion = accountDeletionBilling(billing);
    registerJobs(deps, [deletion.job]);
    deps.context.hooks.accountDeleting.push(deletion.step);
    await app.register(billingApiRoutes(billing));
    await app.register(webhookRoutes(billing));
    if (billing.testStore) await app.register(testModeRoutes(billing));
  };
}
