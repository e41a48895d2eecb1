import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { activateUpdate, registerAppWorker, useAppWorker } from '../app-worker.ts';

const m = messages.app;

/**
 * Shown when a newer build's worker waits: the open page keeps its own code (and the worker its cache)
 * until the person chooses Reload, so the app never runs half old, half new against the API. Mounted
 * by the workspace, it also registers the worker: every signed-in app has it.
 */
export function UpdatePrompt() {
  const { waiting } = useAppWorker();
  useEffect(() => void registerAppWorker(), []);
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed bottom-4 left-1/2 z-50 flex -translate-x-1/2 items-center gap-3 rounded-xl bg-white px-4 py-3 text-sm text-slate-900 shadow-lg ring-1 ring-slate-200"
    >
      <RefreshCw className="h-4 w-4 text-blue-600" aria-hidden="true" />
      <p>{m.updateReady}</p>
      <button
        type="button"
        onClick={activateUpdate}
        className="rounded-md bg-blue-600 px-2.5 py-1 font-medium text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        {m.reload}
      </button>
    </div>
  );
}
