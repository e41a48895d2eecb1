import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { useAuth } from '../features/auth/auth-context.tsx';
import { wantsCalendarSettings } from '../features/calendar-sync/return-state.ts';
import { OfflineQueryProvider, offlineGcTimeMs } from '../features/offline/index.ts';
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

/**
 * The workspace route, once per account: another account signed in (another tab) gets a fresh cache and
 * its own offline store, never the first's data.
 */
export function WorkspacePage() {
  const userId = useAuth().state.user?.id ?? null;
  // The account it opened for (the route guard waits for it). Only a different signed-in account
  // remounts: the workspace takes the tree the boot asked for once, so a remount would ask again.
  const [openedFor] = useState(userId);
  const accountId = userId !== null && openedFor !== null && userId !== openedFor ? userId : openedFor;
  return <AccountWorkspace key={accountId ?? ''} userId={accountId} />;
}

/** The account's query cache, kept on the device for offline starts (features/offline). */
function AccountQueryScope({
  client,
  userId,
  children,
}: {
  client: QueryClient;
  userId: string | null;
  children: ReactNode;
}) {
  if (!userId) return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return (
    <OfflineQueryProvider client={client} userId={userId}>
      {children}
    </OfflineQueryProvider>
  );
}

/** The notes workspace with the settings panel, inside this visit's query cache. */
function AccountWorkspace({ userId }: { userId: string | null }) {
  useDocumentTitle('Workspace');
  // One cache per signed-in visit: it goes away with the page on sign-out, and its offline copy with the
  // account's store (lib/account-store.ts), so no data outlives its user.
  const [queryClient] = useState(() => createQueryClient({ gcTime: offlineGcTimeMs }));
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
    <AccountQueryScope client={queryClient} userId={userId}>
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
    </AccountQueryScope>
  );
}
