import { PanelLeftClose, PanelLeftOpen, Search, Settings } from 'lucide-react';
import { Logo } from '../../../components/layout/logo.tsx';
import { modKeyLabel } from '../../../lib/keyboard.ts';
import { useAuth } from '../../auth/index.ts';
import { OutboxIndicator } from '../../offline/index.ts';
import { ThemeMenu } from './theme-menu.tsx';

interface TopBarProps {
  sidebarOpen: boolean;
  onToggleSidebar(): void;
  onOpenSettings(): void;
  /** The command palette (also Ctrl/Cmd+K). */
  onOpenPalette(): void;
}

/** The workspace's top bar: the sidebar toggle, the logo, the command palette, the signed-in address, the theme and Settings. */
export function TopBar({ sidebarOpen, onToggleSidebar, onOpenSettings, onOpenPalette }: TopBarProps) {
  const { state: auth } = useAuth();
  return (
    <header className="z-30 flex h-12 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-4">
      <button
        type="button"
        onClick={onToggleSidebar}
        aria-label={sidebarOpen ? 'Hide sidebar' : 'Show sidebar'}
        aria-expanded={sidebarOpen}
        aria-controls="workspace-sidebar"
        className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {sidebarOpen ? (
          <PanelLeftClose className="h-5 w-5" aria-hidden="true" />
        ) : (
          <PanelLeftOpen className="h-5 w-5" aria-hidden="true" />
        )}
      </button>
      <Logo to="/app" size="sm" />
      <h1 className="sr-only">Workspace</h1>
      <OutboxIndicator />
      <button
        type="button"
        onClick={onOpenPalette}
        aria-keyshortcuts="Control+K Meta+K"
        className="ml-auto inline-flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 sm:ml-4 sm:min-w-56"
      >
        <Search className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Search or jump…</span>
        <kbd className="ml-auto hidden rounded border border-slate-200 bg-slate-50 px-1.5 font-sans text-xs text-slate-600 sm:inline">
          {modKeyLabel()} K
        </kbd>
      </button>
      <div className="flex min-w-0 items-center gap-2 sm:ml-auto sm:gap-3">
        <span className="hidden truncate text-sm text-slate-500 sm:block" title={auth.user?.email}>
          {auth.user?.email}
        </span>
        <ThemeMenu />
        <button
          type="button"
          onClick={onOpenSettings}
          className="inline-flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          <Settings className="h-4 w-4" aria-hidden="true" />
          Settings
        </button>
      </div>
    </header>
  );
}
