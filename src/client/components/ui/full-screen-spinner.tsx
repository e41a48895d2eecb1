import { messages } from '../../../shared/messages.ts';

/** Shown while authentication loads (spec: a full-screen spinner with the text Loading...). */
export function FullScreenSpinner() {
  return (
    <div
      className="flex min-h-screen flex-col items-center justify-center gap-3"
      role="status"
      aria-live="polite"
    >
      <span
        className="h-10 w-10 animate-spin rounded-full border-4 border-blue-600 border-t-transparent"
        aria-hidden="true"
      />
      <p className="text-sm text-slate-600">{messages.loading}</p>
    </div>
  );
}
