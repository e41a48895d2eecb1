import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { PlanEntry, Subscription } from '../../../../shared/schemas/billing.ts';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { formatBrand, formatPeriodEnd, formatStatus, isActiveSubscription, planLabel } from '../format.ts';
import { useCancelSubscription, useOpenPortal } from '../hooks/use-billing.ts';
import { billingErrorDetail, DismissibleBanner } from './billing-error.tsx';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';

const b = messages.billing;

/** The "Current subscription" facts (docs/PRODUCT.md §2 Billing, active case), the portal and the cancel action. */
export function CurrentSubscription({
  subscription,
  plans,
}: {
  subscription: Subscription;
  plans: PlanEntry[] | undefined;
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const portal = useOpenPortal();
  const periodEnd = formatPeriodEnd(subscription.currentPeriodEnd);
  const canCancel = isActiveSubscription(subscription) && !subscription.cancelAtPeriodEnd;

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-500">Status</dt>
        <dd className="font-medium text-slate-900">{formatStatus(subscription.status)}</dd>
        <dt className="text-slate-500">Plan</dt>
        <dd className="font-medium text-slate-900">{planLabel(subscription, plans)}</dd>
        <dt className="text-slate-500">
          {subscription.cancelAtPeriodEnd ? 'Subscription Expires' : 'Next Billing Date'}
        </dt>
        <dd className="font-medium text-slate-900">{periodEnd}</dd>
        <dt className="text-slate-500">Payment Method</dt>
        <dd className="font-medium text-slate-900">
          {subscription.paymentMethodBrand || subscription.paymentMethodLast4
            ? `${subscription.paymentMethodBrand ? formatBrand(subscription.paymentMethodBrand) : 'Card'} ending in ${subscription.paymentMethodLast4 ?? '····'}`
            : 'None on file'}
        </dd>
      </dl>
      {subscription.cancelAtPeriodEnd ? (
        <p className="rounded-lg bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900">
          Your subscription has been cancelled. You keep full access until {periodEnd}.
        </p>
      ) : null}
      {portal.error ? (
        <DismissibleBanner
          title={b.openPortalFailed}
          detail={billingErrorDetail(portal.error, () => b.portalFailed)}
          onDismiss={portal.reset}
        />
      ) : null}
      {cancel.error ? (
        <DismissibleBanner
          title={b.cancelFailed}
          detail={billingErrorDetail(cancel.error, () => b.cancelFailed)}
          onDismiss={cancel.reset}
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <ActionButton
          variant="secondary"
          pending={portal.isPending || portal.isSuccess}
          onClick={() => portal.mutate()}
        >
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          Open Billing Portal
        </ActionButton>
        {canCancel ? (
          <ActionButton variant="danger" pending={cancel.isPending} onClick={() => setConfirming(true)}>
            Cancel Subscription
          </ActionButton>
        ) : null}
      </div>
      <CancelSubscriptionDialog
        open={confirming}
        onOpenChange={setConfirming}
        accessUntil={periodEnd}
        onConfirm={() => cancel.mutate()}
      />
    </div>
  );
}
