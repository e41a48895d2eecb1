import { Plus } from 'lucide-react';
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

interface EmptyAction {
  label: string;
  onClick(): void;
  disabled?: boolean;
}

/** An empty pane's words, and the action that fills it when there is one (`Create a notebook`). */
export function EmptyPane({ text, action }: { text: string; action?: EmptyAction }) {
  if (!action) return <p className="px-3 py-6 text-center text-sm text-slate-500">{text}</p>;
  return (
    <div className="flex flex-col items-center gap-3 px-3 py-6 text-center">
      <p className="text-sm text-slate-500">{text}</p>
      <button
        type="button"
        onClick={action.onClick}
        disabled={action.disabled}
        className="inline-flex items-center gap-1.5 rounded-md bg-blue-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        {action.label}
      </button>
    </div>
  );
}
