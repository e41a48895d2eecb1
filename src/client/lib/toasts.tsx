import { X } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { type UndoToastApi, useUndoToasts } from './undo-toasts.tsx';

/**
 * Toasts for failed writes (docs/PRODUCT.md §11: the original brief's silent ignoring becomes a visible error). Errors are
 * announced assertively; each vanishes after a while or when dismissed. The same provider carries the
 * polite `Undo` offers (docs/PRODUCT.md §10.5, undo-toasts.tsx): `offerUndo`, `forgetUndo`.
 */

interface Toast {
  id: number;
  message: string;
  /** An error is announced assertively; a notice (`Link copied!`) politely. */
  kind: 'error' | 'notice';
}

interface ToastApi extends UndoToastApi {
  showError(message: string): void;
  /** A short confirmation of something done that has no Undo. */
  showNotice(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);
const TOAST_MS = 6000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (message: string, kind: Toast['kind']) => {
      const id = nextId.current++;
      // The same message twice in a row (a burst of failures) shows once.
      setToasts((all) => [...all.filter((t) => t.message !== message), { id, message, kind }].slice(-3));
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const showError = useCallback((message: string) => show(message, 'error'), [show]);
  const showNotice = useCallback((message: string) => show(message, 'notice'), [show]);
  const { offerUndo, forgetUndo, region: undoRegion } = useUndoToasts();
  const api = useMemo(
    () => ({ showError, showNotice, offerUndo, forgetUndo }),
    [showError, showNotice, offerUndo, forgetUndo],
  );
  const region = (kind: Toast['kind']) =>
    toasts
      .filter((toast) => toast.kind === kind)
      .map((toast) => (
        <ToastView key={toast.id} message={toast.message} onDismiss={() => dismiss(toast.id)} />
      ));

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Errors (assertive) and notices above the Undo offers (polite): bottom right, clear of the sidebar's lists. */}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end">
        <div role="alert" aria-live="assertive" className="flex flex-col items-center gap-2 sm:items-end">
          {region('error')}
        </div>
        {/* A live region without the status role: the Undo offers' region below is the page's status. */}
        <div aria-live="polite" className="flex flex-col items-center gap-2 sm:items-end">
          {region('notice')}
        </div>
        {undoRegion}
      </div>
    </ToastContext.Provider>
  );
}

function ToastView({ message, onDismiss }: { message: string; onDismiss(): void }) {
  return (
    <div className="pointer-events-auto flex max-w-md items-start gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg ring-1 ring-black/5">
      <span className="min-w-0 flex-1">{message}</span>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-m-1 rounded p-1 text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-blue-400"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}

export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToasts must be used inside <ToastProvider>');
  return api;
}
