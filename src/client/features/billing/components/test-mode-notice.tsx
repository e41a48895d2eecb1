import { FlaskConical } from 'lucide-react';

/** The unmistakable marker on our stand-ins for Stripe's pages (built-in test mode only). */
export function TestModeNotice() {
  return (
    <p className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2.5 text-sm font-semibold text-amber-900">
      <FlaskConical className="h-4 w-4 shrink-0" aria-hidden="true" />
      Test mode — no real payment is taken
    </p>
  );
}
