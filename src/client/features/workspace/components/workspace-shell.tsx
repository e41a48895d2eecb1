import { type ReactNode, useState } from 'react';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { useAuth } from '../../auth/index.ts';
import {
  NotesDeleteDialog,
  NotesPane,
  NotesPanel,
  useNotesWorkspace,
  useStarterFirstPage,
} from '../../notes/index.ts';
import { UpdatePrompt } from '../../pwa/index.ts';
import { ReminderNotice } from '../../reminders/index.ts';
import { loadTodosView, TodosDeleteDialog, type TodosWorkspace } from '../../todos/index.ts';
import { useLiveUpdates } from '../hooks/use-live-updates.ts';
import { usePageLink } from '../hooks/use-page-link.ts';
import { useSidebarCollapse, useSidebarFirstLook } from '../hooks/use-sidebar-collapse.ts';
import { useWorkspaceView } from '../hooks/use-workspace-view.ts';
import { Sidebar } from './sidebar.tsx';
import { SidebarFrame } from './sidebar-frame.tsx';
import { TopBar } from './top-bar.tsx';
import { TrialBanner } from './trial-banner.tsx';
import { WorkspaceKeyboard } from './workspace-keyboard.tsx';

// The Todos view's screens download when the view is first shown (todos/index.ts, loadTodosView).
const TodosPane = lazyPart(async () => (await loadTodosView())[0].TodosPane);
const TodosContent = lazyPart(async () => (await loadTodosView())[1].TodosContent);
// Until the code is here the body shows without drag and drop (the panes themselves wait for it too).
const TodosDnd = lazyPart(
  async () => (await loadTodosView())[2].TodosDnd,
  (props) => props.children,
);

/**
 * The workspace: top bar, trial banner, the collapsible sidebar with the Notes/Todos switch, and the
 * content of the current view. The shell owns the layout; notes and todos are siblings it composes.
 */
export function WorkspaceShell({ onOpenSettings }: { onOpenSettings(tab?: 'billing'): void }) {
  const { profile } = useAuth();
  const readOnly = profile?.readOnly ?? false;
  const notes = useNotesWorkspace();
  const sidebar = useSidebarCollapse();
  const { view, setView, todos } = useWorkspaceView();
  usePageLink(notes, view, setView);
  const showSidebar = !sidebar.collapsed;
  const [paletteOpen, setPaletteOpen] = useState(false);
  useSidebarFirstLook(
    (view === 'todos' ? todos.treeQuery : notes.treeQuery).isSuccess,
    view === 'todos' ? !todos.selection.taskId : !notes.open,
    sidebar.showForNow,
  );
  useStarterFirstPage(notes, !sidebar.narrow);
  // Changes made in other tabs and devices update what is shown.
  useLiveUpdates();

  return (
    <div className="flex h-dvh flex-col bg-white">
      <TopBar
        sidebarOpen={showSidebar}
        onToggleSidebar={() => sidebar.setCollapsed(showSidebar)}
        onOpenSettings={() => onOpenSettings()}
        onOpenPalette={() => setPaletteOpen(true)}
      />
      <TrialBanner onChoosePlan={() => onOpenSettings('billing')} />
      <ReminderNotice />
      <UpdatePrompt />

      {/* One drag and drop context around the sidebar and the content in the todos view: a task dragged
          from the list lands on a category in the sidebar. */}
      <DndScope todos={todos} active={view === 'todos'}>
        <div className="relative flex min-h-0 flex-1">
          <SidebarFrame open={showSidebar} narrow={sidebar.narrow} onClose={() => sidebar.setCollapsed(true)}>
            <Sidebar
              view={view}
              onViewChange={setView}
              onPickNote={(hit) => {
                setView('notes');
                notes.openHit(hit);
                sidebar.collapseIfNarrow();
              }}
              onPickTask={(hit) => {
                setView('todos');
                todos.openTask(hit);
                sidebar.collapseIfNarrow();
              }}
              onPickLabel={(hit) => {
                setView('todos');
                todos.showLabel(hit.id);
              }}
              notesPane={
                <NotesPane notes={notes} readOnly={readOnly} onOpenedPage={sidebar.collapseIfNarrow} />
              }
              todosPane={
                <TodosPane todos={todos} readOnly={readOnly} onChoseList={sidebar.collapseIfNarrow} />
              }
            />
          </SidebarFrame>

          <main id="main-content" className="flex min-w-0 flex-1 flex-col">
            {view === 'todos' ? (
              <TodosContent todos={todos} readOnly={readOnly} />
            ) : (
              <NotesPanel
                notes={notes}
                readOnly={readOnly}
                onShowSidebar={showSidebar ? undefined : () => sidebar.setCollapsed(false)}
              />
            )}
          </main>
        </div>
      </DndScope>

      <NotesDeleteDialog notes={notes} />
      <TodosDeleteDialog todos={todos} />
      <WorkspaceKeyboard
        notes={notes}
        todos={todos}
        view={view}
        setView={setView}
        sidebar={sidebar}
        readOnly={readOnly}
        onOpenSettings={() => onOpenSettings()}
        paletteOpen={paletteOpen}
        setPaletteOpen={setPaletteOpen}
      />
    </div>
  );
}

function DndScope(props: { todos: TodosWorkspace; active: boolean; children: ReactNode }) {
  return props.active ? <TodosDnd todos={props.todos}>{props.children}</TodosDnd> : props.children;
}
