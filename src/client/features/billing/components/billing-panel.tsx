import { CreditCard, LoaderCircle, Sparkles } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import type { PlanEntry } from '../../../../shared/schemas/billing.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { isActiveSubscription } from '../format.ts';
import { usePlans, useStartCheckout, useSubscription } from '../hooks/use-billing.ts';
import { billingErrorDetail, DismissibleBanner } from './billing-error.tsx';
import { CurrentSubscription } from './current-subscription.tsx';
import { PlanCards } from './plan-cards.tsx';

const b = messages.billing;

/**
 * Settings → Billing, every case of docs/PRODUCT.md §2.8: an active subscription (its facts, the plans, the
 * portal, cancel), a trial (Choose Your Plan), an expired trial, "No active subscription found", and a
 * dismissible banner when a checkout cannot start.
 */
export function BillingPanel() {
  const subscriptionQuery = useSubscription();
  const plansQuery = usePlans();
  const checkout = useStartCheckout();

  if (subscriptionQuery.isPending || plansQuery.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
        Loading billing…
      </p>
    );
  }
  if (subscriptionQuery.isError || plansQuery.isError) {
    return (
      <div className="space-y-3">
        <FormNotice tone="error">{b.statusFailed}</FormNotice>
        <ActionButton
          variant="secondary"
          onClick={() => {
            void subscriptionQuery.refetch();
            void plansQuery.refetch();
          }}
        >
          Try again
        </ActionButton>
      </div>
    );
  }

  const { subscription, extraSubscriptions } = subscriptionQuery.data;
  // The status call carries the profile as of now; the session's copy may be older.
  const accountProfile = subscriptionQuery.data.profile;
  const { plans } = plansQuery.data;
  const active = isActiveSubscription(subscription);
  // docs/PRODUCT.md §4: trial = is_trial and account_status trial.
  const trial = accountProfile.isTrial && accountProfile.accountStatus === 'trial';
  // A subscription that ended (or never completed) is history, not a current subscription.
  const showSubscription =
    subscription !== null && !['canceled', 'incomplete_expired'].includes(subscription.status);
  const pendingPlanId =
    checkout.isPending || checkout.isSuccess
      ? (plans.find((p) => p.priceId === checkout.variables)?.id ?? 'yearly')
      : null;
  const choose = (plan: PlanEntry) => checkout.mutate(plan.priceId);

  return (
    <div className="space-y-6">
      {checkout.error ? (
        <DismissibleBanner
          title={b.startCheckoutFailed}
          detail={billingErrorDetail(checkout.error, b.checkoutFailed)}
          onDismiss={checkout.reset}
        />
      ) : null}

      <SettingsSection title="Current Subscription" icon={CreditCard}>
        {extraSubscriptions > 0 ? (
          // Stripe holds another subscription that will also bill: only the portal can cancel it.
          <div className="mb-3">
            <FormNotice tone="error">{b.extraSubscriptions}</FormNotice>
          </div>
        ) : null}
        {showSubscription ? (
          <CurrentSubscription subscription={subscription} plans={plans} />
        ) : (
          <p className="text-sm text-slate-600">{b.noActiveSubscription}</p>
        )}
      </SettingsSection>

      <SettingsSection title={trial && !showSubscription ? b.chooseYourPlan : 'Plans'} icon={Sparkles}>
        {showSubscription ? (
          <p className="text-sm text-slate-600">
            {active
              ? 'To change your plan or payment method, open the billing portal.'
              : 'Update your payment method in the billing portal to restore full access.'}
          </p>
        ) : trial ? (
          <p className="text-sm text-slate-600">
            {accountProfile.daysRemaining > 0
              ? `Your free trial has ${accountProfile.daysRemaining} ${accountProfile.daysRemaining === 1 ? 'day' : 'days'} left. `
              : ''}
            Subscribe now to keep full access when it ends.
          </p>
        ) : (
          <FormNotice tone="info">{b.trialExpired}</FormNotice>
        )}
        <PlanCards
          plans={plans}
          currentPlanId={showSubscription ? subscription?.planId : null}
          // A current subscriber changes plan in the portal; a second checkout would bill twice.
          onChoose={showSubscription ? undefined : choose}
          pendingPlanId={pendingPlanId}
        />
      </SettingsSection>
    </div>
  );
}
