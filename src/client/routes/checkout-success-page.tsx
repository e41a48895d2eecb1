import { PageShell } from '../components/layout/page-shell.tsx';

export function CheckoutSuccessPage() {
  return <PageShell title="Processing your subscription..." />;
}
