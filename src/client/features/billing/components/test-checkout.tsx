import { useMutation, useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton, buttonClass } from '../../../components/ui/submit-button.tsx';
import { Link, useNavigate, useSearchParams } from '../../../lib/router.tsx';
import { billingApi, billingKeys } from '../api.ts';
import { formatUsd } from '../format.ts';
import { billingErrorDetail } from './billing-error.tsx';
import { TestModeNotice } from './test-mode-notice.tsx';

/**
 * /billing/test-checkout?session=… — the built-in test mode's stand-in for Stripe Checkout. Paying or
 * cancelling makes the server emit the same events Stripe would, then we follow its redirect.
 */
export function TestCheckout() {
  const [params] = useSearchParams();
  const sessionId = params.get('session') ?? '';
  const navigate = useNavigate();
  const session = useQuery({
    queryKey: billingKeys.testCheckout(sessionId),
    queryFn: ({ signal }) => billingApi.testCheckout(sessionId, signal),
    enabled: sessionId !== '',
  });
  const follow = ({ redirectUrl }: { redirectUrl: string }) => {
    // Our own pages are SPA routes: no reload, so the signed-in state carries straight on.
    if (redirectUrl.startsWith('/') && !redirectUrl.startsWith('//')) navigate(redirectUrl);
    else window.location.assign(redirectUrl);
  };
  const pay = useMutation({ mutationFn: () => billingApi.testPay(sessionId), onSuccess: follow });
  const cancel = useMutation({
    mutationFn: () => billingApi.testCancelCheckout(sessionId),
    onSuccess: follow,
  });
  const busy = pay.isPending || cancel.isPending || pay.isSuccess || cancel.isSuccess;

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Test checkout</h1>
      <TestModeNotice />
      {sessionId === '' || session.isError ? (
        <>
          <FormNotice tone="error">{messages.billing.checkoutClosed}</FormNotice>
          <Link to="/" className={buttonClass('secondary', true)}>
            Back to Jotlist
          </Link>
        </>
      ) : session.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
          Loading checkout…
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-500">Plan</dt>
            <dd className="font-medium text-slate-900">{session.data.plan.name}</dd>
            <dt className="text-slate-500">Price</dt>
            <dd className="font-medium text-slate-900">
              {formatUsd(session.data.plan.price, { cents: true })} / {session.data.plan.interval}
            </dd>
            <dt className="text-slate-500">Email</dt>
            <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{session.data.email}</dd>
          </dl>
          {session.data.status !== 'open' ? (
            <>
              <FormNotice tone="info">{messages.billing.checkoutClosed}</FormNotice>
              <Link to="/" className={buttonClass('secondary', true)}>
                Back to Jotlist
              </Link>
            </>
          ) : (
            <>
              <p className="text-sm text-slate-600">
                No card is needed: paying here activates the subscription exactly as a real payment would, but
                nothing is charged.
              </p>
              {pay.error || cancel.error ? (
                <FormNotice tone="error">
                  {billingErrorDetail(pay.error ?? cancel.error, messages.billing.checkoutFailed)}
                </FormNotice>
              ) : null}
              <div className="flex flex-col gap-3">
                <ActionButton
                  full
                  pending={pay.isPending || pay.isSuccess}
                  disabled={busy}
                  onClick={() => pay.mutate()}
                >
                  Pay {formatUsd(session.data.plan.price, { cents: true })} (test)
                </ActionButton>
                <ActionButton
                  full
                  variant="secondary"
                  pending={cancel.isPending || cancel.isSuccess}
                  disabled={busy}
                  onClick={() => cancel.mutate()}
                >
                  Cancel payment
                </ActionButton>
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
