import { messages } from '../../../shared/messages.ts';

/** Pieces both sidebar views share: pane headers, their icon buttons, loading and empty states. */

export const paneHeaderButton =
  'rounded-md p-1 text-slate-500 hover:bg-slate-200/70 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';

export function PaneHeader({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex h-9 shrink-0 items-center justify-between pr-3 pl-4">
      <h2 className="truncate text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      {children}
    </div>
  );
}

export function TreeSkeleton({ error }: { error: string | null }) {
  if (error) return <p className="px-3 py-6 text-center text-sm text-red-600">{error}</p>;
  return (
    <div className="space-y-2 px-2 py-1" role="status" aria-busy="true">
      <span className="sr-only">{messages.loading}</span>
      {[70, 55, 80, 45].map((width) => (
        <div
          key={width}
          className="h-5 animate-pulse rounded bg-slate-200/70"
          style={{ width: `${width}%` }}
        />
      ))}
    </div>
  );
}

export function EmptyPane({ text }: { text: string }) {
  return <p className="px-3 py-6 text-center text-sm text-slate-500">{text}</p>;
}
