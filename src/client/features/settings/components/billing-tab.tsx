import { CreditCard } from 'lucide-react';
import { useAuth } from '../../auth/auth-context.tsx';

/** Placeholder until the billing work lands: the trial status from the profile and what will be here. */
export function BillingTab() {
  const { profile } = useAuth();
  return (
    <section aria-labelledby="settings-billing-heading" className="space-y-3">
      <div className="flex items-center gap-2.5">
        <CreditCard className="h-5 w-5 text-blue-600" aria-hidden="true" />
        <h3 id="settings-billing-heading" className="text-base font-semibold text-slate-900">
          Billing
        </h3>
      </div>
      {profile?.accountStatus === 'trial' ? (
        <p className="rounded-lg bg-blue-50 px-3.5 py-2.5 text-sm text-blue-800">
          Free trial: {profile.daysRemaining} {profile.daysRemaining === 1 ? 'day' : 'days'} left.
        </p>
      ) : null}
      <p className="text-sm leading-relaxed text-slate-600">
        Choose a monthly or yearly plan, see your subscription and payment method, open the billing portal and
        cancel your subscription.
      </p>
    </section>
  );
}
