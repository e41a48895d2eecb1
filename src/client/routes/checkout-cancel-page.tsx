import { PageShell } from '../components/layout/page-shell.tsx';

export function CheckoutCancelPage() {
  return <PageShell title="Checkout Canceled" />;
}
