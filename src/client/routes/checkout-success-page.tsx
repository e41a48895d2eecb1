import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { BillingPageFrame } from '../features/billing/components/billing-page-frame.tsx';
import { BillingQueryScope } from '../features/billing/components/billing-query-scope.tsx';
import { CheckoutSuccess } from '../features/billing/components/checkout-success.tsx';

export function CheckoutSuccessPage() {
  useDocumentTitle('Subscription');
  return (
    <BillingQueryScope>
      <BillingPageFrame>
        <CheckoutSuccess />
      </BillingPageFrame>
    </BillingQueryScope>
  );
}
