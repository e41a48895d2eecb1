import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { BillingPageFrame } from '../features/billing/components/billing-page-frame.tsx';
import { BillingQueryScope } from '../features/billing/components/billing-query-scope.tsx';
import { TestPortal } from '../features/billing/components/test-portal.tsx';

/** Built-in test mode only: the server's portal url points here when Stripe is not configured. */
export function TestPortalPage() {
  useDocumentTitle('Billing portal');
  return (
    <BillingQueryScope>
      <BillingPageFrame>
        <TestPortal />
      </BillingPageFrame>
    </BillingQueryScope>
  );
}
