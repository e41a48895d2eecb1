import { QueryClientProvider } from '@tanstack/react-query';
import { Settings } from 'lucide-react';
import { useState } from 'react';
import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { useAuth } from '../features/auth/auth-context.tsx';
import { BrandMark } from '../features/auth/components/brand-mark.tsx';
import { SettingsPanel } from '../features/settings/settings-panel.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** The workspace frame: top bar with the account and the settings panel. The notes work fills the rest. */
export function WorkspacePage() {
  useDocumentTitle('Workspace');
  // One cache per signed-in visit: it goes away with the page on sign-out, so no data outlives its user.
  const [queryClient] = useState(createQueryClient);
  const { state } = useAuth();
  const [settingsOpen, setSettingsOpen] = useState(false);

  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex min-h-screen flex-col bg-slate-50">
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
          <div className="flex h-14 items-center gap-3 px-4 sm:px-6">
            <BrandMark to="/app" />
            <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-4">
              <span className="hidden truncate text-sm text-slate-600 sm:block" title={state.user?.email}>
                {state.user?.email}
              </span>
              <button
                type="button"
                onClick={() => setSettingsOpen(true)}
                className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              >
                <Settings className="h-4 w-4" aria-hidden="true" />
                Settings
              </button>
            </div>
          </div>
        </header>
        <main id="main-content" className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Workspace</h1>
          <p className="mt-2 text-sm text-slate-600 sm:hidden">{state.user?.email}</p>
        </main>
      </div>
      <SettingsPanel open={settingsOpen} onOpenChange={setSettingsOpen} />
    </QueryClientProvider>
  );
}
