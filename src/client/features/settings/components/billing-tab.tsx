import { BillingPanel } from '../../billing/index.ts';

/** Settings → Billing: the subscription, the plans, checkout, the portal and cancelling. */
export function BillingTab() {
  return <BillingPanel />;
}
