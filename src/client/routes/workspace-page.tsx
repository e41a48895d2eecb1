import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { wantsCalendarSettings } from '../features/calendar-sync/return-state.ts';
import type { SettingsTab } from '../features/settings/settings-panel.tsx';
import { WorkspaceShell } from '../features/workspace/components/workspace-shell.tsx';
import { lazyPart, useOpenedOnce } from '../lib/lazy-part.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { useLocation, useNavigate } from '../lib/router.tsx';
import { ToastProvider } from '../lib/toasts.tsx';

// Settings (backup, billing, calendars, account and their forms) download when first opened.
const SettingsPanel = lazyPart(
  async () => (await import('../features/settings/settings-panel.tsx')).SettingsPanel,
);

/** The workspace route: the notes workspace with the settings panel, inside this visit's query cache. */
export function WorkspacePage() {
  useDocumentTitle('Workspace');
  // One cache per signed-in visit: it goes away with the page on sign-out, so no data outlives its user.
  const [queryClient] = useState(createQueryClient);
  // Back from connecting a calendar (the OAuth callback screen): Settings → Calendars shows the result.
  const location = useLocation();
  const navigate = useNavigate();
  const returnedFromCalendar = wantsCalendarSettings(location.state);
  const [settingsOpen, setSettingsOpen] = useState(returnedFromCalendar);
  const [settingsTab, setSettingsTab] = useState<SettingsTab>(returnedFromCalendar ? 'calendars' : 'backup');
  // Once: a reload of /app must not open the settings again.
  useEffect(() => {
    if (returnedFromCalendar) navigate(`${location.pathname}${location.search}`, { replace: true });
  }, [returnedFromCalendar, navigate, location.pathname, location.search]);
  const settingsOpened = useOpenedOnce(settingsOpen);

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
      {settingsOpened && (
        <SettingsPanel
          open={settingsOpen}
          onOpenChange={setSettingsOpen}
          tab={settingsTab}
          onTabChange={setSettingsTab}
        />
      )}
    </QueryClientProvider>
  );
}
