import { CircleX } from 'lucide-react';
import { buttonClass } from '../../../components/ui/submit-button.tsx';
import { Link } from '../../../lib/router.tsx';

const tips = [
  'Make sure you have a valid payment method',
  'Check that you have sufficient funds',
  'Contact your bank if the problem persists',
];

/** /checkout/cancel (docs/PRODUCT.md §2): nothing was charged; tips; Go Back and Try Again both lead home. */
export function CheckoutCancel() {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <CircleX className="h-12 w-12 text-amber-500" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Checkout Canceled</h1>
      <p className="text-slate-700">
        Your payment was not completed. No charges have been made to your account.
      </p>
      <section aria-labelledby="checkout-tips" className="w-full rounded-xl bg-slate-50 p-4 text-left">
        <h2 id="checkout-tips" className="text-sm font-semibold text-slate-900">
          Having trouble?
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
      <div className="flex w-full flex-col gap-3 sm:flex-row">
        <Link to="/" className={`${buttonClass('secondary')} flex-1`}>
          Go Back
        </Link>
        <Link to="/" className={`${buttonClass('primary')} flex-1`}>
          Try Again
        </Link>
      </div>
      <p className="text-sm text-slate-600">
        Your trial continues until the end date. You can upgrade anytime.
      </p>
    </div>
  );
}
