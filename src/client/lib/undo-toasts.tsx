import { Undo2, X } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { messages } from '../../shared/messages.ts';
import { UNDO_MS, type UndoEntry, type UndoOffer, UndoStack } from './undo-stack.ts';

export interface UndoToastApi {
  /** Shows `message` with an `Undo` button for 8 s; pressing it (or Ctrl/Cmd+Z) runs `undo` once. */
  offerUndo(offer: UndoOffer): void;
  /** The thing was deleted: no toast may undo a change to it any more. */
  forgetUndo(target: string): void;
}

/** Typing keeps the browser's own Ctrl+Z; the toast's shortcut is for the rest of the page. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}

/**
 * The action toasts (docs/PRODUCT.md §10.5): polite (role status), each with a keyboard-reachable `Undo` button,
 * gone after 8 s. The bookkeeping that makes a second press harmless is `UndoStack`'s.
 */
export function useUndoToasts(): UndoToastApi & { region: ReactNode } {
  const [stack] = useState(() => new UndoStack());
  const [shown, setShown] = useState<UndoEntry[]>([]);
  const returnFocus = useRef<HTMLElement | null>(null);

  const refresh = useCallback(() => setShown(stack.live(Date.now())), [stack]);

  const offerUndo = useCallback(
    (offer: UndoOffer) => {
      stack.push(offer, Date.now());
      refresh();
      // One timer per offer; expiry is checked against the clock, so a late timer does no harm.
      setTimeout(() => {
        stack.expire(Date.now());
        refresh();
      }, UNDO_MS + 50);
    },
    [stack, refresh],
  );

  const forgetUndo = useCallback(
    (target: string) => {
      if (stack.forget(target).length > 0) refresh();
    },
    [stack, refresh],
  );

  const run = useCallback(
    (entry: UndoEntry | null) => {
      refresh();
      if (!entry) return;
      entry.undo();
      // The toast is gone with its button: focus goes back where it was before the toast was reached.
      const back = returnFocus.current;
      returnFocus.current = null;
      if (back?.isConnected) back.focus();
    },
    [refresh],
  );

  const undoLatest = useCallback(() => run(stack.takeLatest(Date.now())), [run, stack]);
  const hasAny = shown.length > 0;

  useEffect(() => {
    if (!hasAny) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey)) return;
      if (event.shiftKey || event.altKey || event.defaultPrevented || isTextField(event.target)) return;
      event.preventDefault();
      undoLatest();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hasAny, undoLatest]);

  const region = (
    <div
      role="status"
      aria-live="polite"
      onFocus={(event) => {
        const from = event.relatedTarget;
        if (from instanceof HTMLElement && !event.currentTarget.contains(from)) returnFocus.current = from;
      }}
      className="flex flex-col items-center gap-2 sm:items-end"
    >
      {shown.map((entry) => (
        <div
          key={entry.id}
          className="pointer-events-auto flex max-w-md items-center gap-3 rounded-xl bg-slate-900 py-2 pr-2 pl-4 text-sm text-white shadow-lg ring-1 ring-black/5"
        >
          <span className="min-w-0 flex-1">{entry.message}</span>
          <button
            type="button"
            onClick={() => run(stack.take(entry.id, Date.now()))}
            className="flex items-center gap-1 rounded-md px-2 py-1 font-semibold text-blue-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-blue-300"
          >
            <Undo2 className="h-4 w-4" aria-hidden="true" />
            {messages.undo.action}
          </button>
          <button
            type="button"
            onClick={() => {
              stack.take(entry.id, Date.now());
              run(null);
            }}
            aria-label="Dismiss"
            className="rounded p-1 text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-blue-300"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );

  const api = useMemo(() => ({ offerUndo, forgetUndo }), [offerUndo, forgetUndo]);
  return { ...api, region };
}
