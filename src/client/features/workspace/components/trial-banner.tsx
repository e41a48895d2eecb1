import { Clock, Lock } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import { useAuth } from '../../auth/index.ts';
import { isActiveSubscription, useBillingMode, useSubscription } from '../../billing/index.ts';

/**
 * Trial status above the workspace (docs/PRODUCT.md §4): days left, or "Your trial ends today", promoting the yearly
 * plan; hidden when the subscription or the account is active. A read-only account sees why it cannot
 * edit. Its action opens Settings → Billing. With billing off (BILLING=off) there is no trial: no banner.
 */
export function TrialBanner({ onChoosePlan }: { onChoosePlan(): void }) {
  const { profile } = useAuth();
  const billingOff = useBillingMode() === 'off';
  // A trial user who has paid keeps accountStatus 'trial'; only the subscription tells (docs/PRODUCT.md §4).
  const subscription = useSubscription({ enabled: Boolean(profile && !profile.readOnly && !billingOff) });
  if (!profile || billingOff) return null;
  if (profile.readOnly) {
    return (
      <Banner
        tone="warning"
        icon={<Lock className="h-4 w-4" aria-hidden="true" />}
        action="Choose a plan"
        onAction={onChoosePlan}
      >
        {messages.api.readOnly}
      </Banner>
    );
  }
  if (profile.accountStatus !== 'trial') return null;
  // Wait for the subscription rather than flash a trial banner at someone who has paid.
  if (subscription.isPending || isActiveSubscription(subscription.data?.subscription)) return null;
  const days = profile.daysRemaining;
  const left =
    days === 0 || trialEndsToday(profile.trialEndDate)
      ? messages.workspace.trialEndsToday
      : `${days} ${days === 1 ? 'day' : 'days'} ${messages.workspace.trialDaysLeftSuffix}`;
  return (
    <Banner
      tone="info"
      icon={<Clock className="h-4 w-4" aria-hidden="true" />}
      action="Upgrade"
      onAction={onChoosePlan}
    >
      <strong className="font-semibold">{left}</strong>
      <span> · {messages.workspace.trialUpgrade}</span>
    </Banner>
  );
}

/**
 * True on the trial's last local calendar day. daysRemaining is rounded up, so it reads 1 all that day;
 * the last day is the one holding the final instant (an end at local midnight belongs to the day before).
 */
export function trialEndsToday(trialEndDate: string, now = new Date()): boolean {
  const end = new Date(trialEndDate).getTime();
  if (Number.isNaN(end) || now.getTime() >= end) return false;
  const lastDay = new Date(end - 1);
  return (
    lastDay.getFullYear() === now.getFullYear() &&
    lastDay.getMonth() === now.getMonth() &&
    lastDay.getDate() === now.getDate()
  );
}

function Banner({
  tone,
  icon,
  action,
  onAction,
  children,
}: {
  tone: 'info' | 'warning';
  icon: React.ReactNode;
  action: string;
  onAction(): void;
  children: React.ReactNode;
}) {
  const colours =
    tone === 'info'
      ? 'bg-blue-50 text-blue-900 border-blue-100'
      : 'bg-amber-50 text-amber-900 border-amber-200';
  return (
    <section
      aria-label="Trial status"
      className={`flex items-center gap-3 border-b px-4 py-2 text-sm ${colours}`}
    >
      <span className="shrink-0">{icon}</span>
      <p className="min-w-0 flex-1">{children}</p>
      <button
        type="button"
        onClick={onAction}
        className="shrink-0 rounded-md bg-white/80 px-2.5 py-1 text-xs font-semibold shadow-sm ring-1 ring-black/10 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        {action}
      </button>
    </section>
  );
}
