import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { defineJob } from '../../jobs/queue.ts';
import type { AccountDeletionStep } from '../auth/index.ts';
import { subscriptionsOfUser } from './billing.repo.ts';
import type { Billing } from './billing-context.ts';

const endedStatuses = new Set(['canceled', 'incomplete_expired']);

/**
 * A deleted account's subscriptions are cancelled at Stripe at once: our rows go with the user (ON
 * DELETE CASCADE), but Stripe would go on charging the card. The ids are captured in the deletion's
 * transaction as a durable job, so a Stripe outage or a crash only delays the cancellation.
 */
export function accountDeletionBilling(billing: Billing) {
  const job = defineJob({
    kind: 'billing.cancel_for_deleted_account',
    payload: z.object({ subscriptionIds: z.array(z.string()) }),
    maxAttempts: 12,
    async run(_deps, { subscriptionIds }, { log }) {
      for (const id of subscriptionIds) {
        await billing.provider.cancelNow(id);
        log.info(
          { event: 'billing.cancelled_for_deleted_account', subscriptionId: id },
          'subscription cancelled',
        );
      }
    },
  });

  const step: AccountDeletionStep = async (trx: Db, userId: string) => {
    // Test mode keeps its subscriptions in our own tables: they go with the user, nothing is charged.
    if (billing.provider.testMode) return;
    const live = (await subscriptionsOfUser(trx, userId)).filter((row) => !endedStatuses.has(row.status));
    if (live.length === 0) return;
    await job.enqueue(trx, billing.deps.now(), {
      subscriptionIds: live.map((row) => row.stripe_subscription_id),
    });
  };

  return { job, step };
}
