import { Loader2 } from 'lucide-react';

/** What the results area shows while a search (or the results' own code) is on its way. */
export function Searching() {
  return (
    <p className="flex items-center justify-center gap-2 px-3 py-6 text-sm text-slate-500">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      Searching…
    </p>
  );
}
