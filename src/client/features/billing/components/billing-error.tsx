import { X } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * The detail line under a billing failure: the server's own words for a refused request (4xx), the
 * spec's "Failed to create checkout session (status)"-style line for a server fault.
 */
export function billingErrorDetail(error: unknown, serverFault: (status: number) => string): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return serverFault(error.status);
    return error.message;
  }
  return messages.billing.unexpected;
}

/** A failure banner the person can dismiss (docs/PRODUCT.md §2: a failed checkout start shows one). */
export function DismissibleBanner({
  title,
  detail,
  onDismiss,
}: {
  title: string;
  detail: string;
  onDismiss(): void;
}) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {detail && detail !== title ? <p className="mt-0.5">{detail}</p> : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        title="Dismiss"
        className="-m-1 shrink-0 rounded-md p-1 text-red-700 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
