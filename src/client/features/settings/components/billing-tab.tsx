import { BillingPanel } from '../../billing/components/billing-panel.tsx';

/** Settings → Billing: the subscription, the plans, checkout, the portal and cancelling. */
export function BillingTab() {
  return <BillingPanel />;
}
