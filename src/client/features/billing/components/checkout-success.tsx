import { CircleCheck, LoaderCircle } from 'lucide-react';
import { buttonClass } from '../../../components/ui/submit-button.tsx';
import { Link } from '../../../lib/router.tsx';
import { useAuth } from '../../auth/index.ts';
import { useConfirmCheckout } from '../hooks/use-confirm-checkout.ts';

const whatsNext = [
  'Unlimited access to all features',
  'Unlimited notebooks, notes and todos',
  'Calendar integrations',
  'Export and backup',
];

/** /checkout/success (docs/PRODUCT.md §2): processing while the subscription is confirmed, then the welcome. */
export function CheckoutSuccess() {
  const phase = useConfirmCheckout();
  const { state } = useAuth();

  if (phase === 'processing') {
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-6 text-center">
        <LoaderCircle className="h-10 w-10 animate-spin text-blue-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Processing your subscription...</h1>
        <p className="text-sm text-slate-600">Please wait while we confirm your payment.</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <CircleCheck className="h-12 w-12 text-emerald-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Welcome to Jotlist!</h1>
      <p className="text-slate-700">Your subscription is now active. Thank you for upgrading!</p>
      <section aria-labelledby="whats-next" className="w-full rounded-xl bg-slate-50 p-4 text-left">
        <h2 id="whats-next" className="text-sm font-semibold text-slate-900">
          What's next?
        </h2>
        <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
          {whatsNext.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
      </section>
      <p className="text-sm text-slate-600">
        A confirmation email has been sent to{' '}
        {state.user ? <strong className="[overflow-wrap:anywhere]">{state.user.email}</strong> : 'your inbox'}
        .
      </p>
      <Link to="/" className={buttonClass('primary', true)}>
        Get Started
      </Link>
    </div>
  );
}
