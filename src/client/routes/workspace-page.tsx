import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { ToastProvider } from '../components/ui/toasts.tsx';
import { SettingsPanel, type SettingsTab } from '../features/settings/settings-panel.tsx';
import { WorkspaceShell } from '../features/workspace/components/workspace-shell.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** The workspace route: the notes workspace with the settings panel, inside this visit's query cache. */
export function WorkspacePage() {
  useDocumentTitle('Workspace');
  // One cache per signed-in visit: it goes away with the page on sign-out, so no data outlives its user.
  const [queryClient] = useState(createQueryClient);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsTab, setSettingsTab] = useState<SettingsTab>('backup');

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <WorkspaceShell
          onOpenSettings={(tab) => {
            setSettingsTab(tab ?? 'backup');
            setSettingsOpen(true);
          }}
        />
      </ToastProvider>
      <SettingsPanel
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        tab={settingsTab}
        onTabChange={setSettingsTab}
      />
    </QueryClientProvider>
  );
}
