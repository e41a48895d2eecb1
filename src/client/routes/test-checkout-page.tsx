import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { BillingPageFrame } from '../features/billing/components/billing-page-frame.tsx';
import { BillingQueryScope } from '../features/billing/components/billing-query-scope.tsx';
import { TestCheckout } from '../features/billing/components/test-checkout.tsx';

/** Built-in test mode only: the server's checkout url points here when Stripe is not configured. */
export function TestCheckoutPage() {
  useDocumentTitle('Test checkout');
  return (
    <BillingQueryScope>
      <BillingPageFrame>
        <TestCheckout />
      </BillingPageFrame>
    </BillingQueryScope>
  );
}
