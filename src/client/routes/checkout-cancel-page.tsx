import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { BillingPageFrame } from '../features/billing/components/billing-page-frame.tsx';
import { CheckoutCancel } from '../features/billing/components/checkout-cancel.tsx';

export function CheckoutCancelPage() {
  useDocumentTitle('Checkout Canceled');
  return (
    <BillingPageFrame>
      <CheckoutCancel />
    </BillingPageFrame>
  );
}
