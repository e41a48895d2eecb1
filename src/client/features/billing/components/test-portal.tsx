import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import type { SubscriptionResponse } from '../../../../shared/schemas/billing.ts';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton, buttonClass } from '../../../components/ui/submit-button.tsx';
import { Link } from '../../../lib/router.tsx';
import { useAuth } from '../../auth/index.ts';
import { billingApi, billingKeys } from '../api.ts';
import { formatBrand, formatPeriodEnd, formatStatus, isActiveSubscription } from '../format.ts';
import { usePlans, useSubscription } from '../hooks/use-billing.ts';
import { billingErrorDetail } from './billing-error.tsx';
import { TestModeNotice } from './test-mode-notice.tsx';

type PortalAction = 'cancel' | 'resume' | 'end-period';

/**
 * /billing/test-portal — the built-in test mode's stand-in for Stripe's customer portal: cancel at
 * period end or resume, and end the billing period now to see what happens when it runs out.
 */
export function TestPortal() {
  const client = useQueryClient();
  const { refresh } = useAuth();
  const status = useSubscription();
  const plans = usePlans();
  const action = useMutation({
    mutationFn: (which: PortalAction) => billingApi.testPortal(which),
    onSuccess: async ({ subscription }) => {
      client.setQueryData<SubscriptionResponse>(billingKeys.subscription, (old) =>
        old ? { ...old, subscription } : old,
      );
      // The profile decides whether the workspace is writable: read it (and the status) again.
      await Promise.all([refresh(), client.invalidateQueries({ queryKey: billingKeys.subscription })]);
    },
  });
  const subscription = status.data?.subscription ?? null;
  const plan = plans.data?.plans.find((p) => p.id === subscription?.planId);

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Billing portal</h1>
      <TestModeNotice />
      {status.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
          Loading subscription…
        </p>
      ) : status.isError ? (
        <FormNotice tone="error">{messages.billing.statusFailed}</FormNotice>
      ) : subscription === null ? (
        <p className="text-sm text-slate-600">{messages.billing.noActiveSubscription}</p>
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-500">Status</dt>
            <dd className="font-medium text-slate-900">{formatStatus(subscription.status)}</dd>
            <dt className="text-slate-500">Plan</dt>
            <dd className="font-medium text-slate-900">{plan?.name ?? subscription.priceId}</dd>
            <dt className="text-slate-500">
              {subscription.cancelAtPeriodEnd ? 'Subscription Expires' : 'Next Billing Date'}
            </dt>
            <dd className="font-medium text-slate-900">{formatPeriodEnd(subscription.currentPeriodEnd)}</dd>
            {subscription.paymentMethodLast4 ? (
              <>
                <dt className="text-slate-500">Payment Method</dt>
                <dd className="font-medium text-slate-900">
                  {formatBrand(subscription.paymentMethodBrand ?? 'card')} ending in{' '}
                  {subscription.paymentMethodLast4}
                </dd>
              </>
            ) : null}
          </dl>
          {action.error ? (
            <FormNotice tone="error">
              {billingErrorDetail(action.error, () => messages.billing.portalFailed)}
            </FormNotice>
          ) : null}
          {isActiveSubscription(subscription) ? (
            <div className="flex flex-col gap-3">
              {subscription.cancelAtPeriodEnd ? (
                <ActionButton
                  full
                  pending={action.isPending && action.variables === 'resume'}
                  disabled={action.isPending}
                  onClick={() => action.mutate('resume')}
                >
                  Resume subscription
                </ActionButton>
              ) : (
                <ActionButton
                  full
                  variant="secondary"
                  pending={action.isPending && action.variables === 'cancel'}
                  disabled={action.isPending}
                  onClick={() => action.mutate('cancel')}
                >
                  Cancel at period end
                </ActionButton>
              )}
              <ActionButton
                full
                variant="secondary"
                pending={action.isPending && action.variables === 'end-period'}
                disabled={action.isPending}
                onClick={() => action.mutate('end-period')}
              >
                End billing period now (test mode)
              </ActionButton>
            </div>
          ) : null}
        </>
      )}
      <Link to="/app" className={buttonClass('secondary', true)}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Return to Jotlist
      </Link>
    </div>
  );
}
