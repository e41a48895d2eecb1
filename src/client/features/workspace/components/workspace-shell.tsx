import { useQueryClient } from '@tanstack/react-query';
import { FileText, PanelLeftClose, PanelLeftOpen, Settings } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { Logo } from '../../../components/layout/logo.tsx';
import { useAuth } from '../../auth/auth-context.tsx';
import { TaskPanel } from '../../todos/components/task-panel.tsx';
import { TodosDeleteDialog } from '../../todos/components/todos-delete-dialog.tsx';
import { TodosPane } from '../../todos/components/todos-pane.tsx';
import { useDeepLink } from '../../todos/hooks/use-deep-link.ts';
import type { TodoSelection } from '../../todos/hooks/use-todo-selection.ts';
import { useTodosWorkspace } from '../../todos/hooks/use-todos-workspace.ts';
import { setTree, useNotesTree, useTreeMutations } from '../hooks/use-notes-tree.ts';
import { useSelection } from '../hooks/use-selection.ts';
import { useSidebarCollapse } from '../hooks/use-sidebar-collapse.ts';
import { readLocal, writeLocal } from '../local-store.ts';
import { SaverRegistry } from '../note-saver.ts';
import { findNote, findSection, updateNoteSummary } from '../tree-ops.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { NoteEditor } from './note-editor.tsx';
import type { DeleteRequest } from './notebook-tree.tsx';
import { Sidebar, type WorkspaceView } from './sidebar.tsx';
import { TrialBanner } from './trial-banner.tsx';

const m = messages.workspace;
const deleteText = { notebook: m.deleteNotebook, section: m.deleteSection, note: m.deletePage };
const deleteTitle = { notebook: 'Delete notebook?', section: 'Delete section?', note: 'Delete page?' };
const viewStorageKey = 'jotlist-workspace-view';
const storedView = (): WorkspaceView => (readLocal(viewStorageKey) === 'todos' ? 'todos' : 'notes');

/** The workspace: top bar, trial banner, collapsible sidebar and the page editor. */
export function WorkspaceShell({ onOpenSettings }: { onOpenSettings(tab?: 'billing'): void }) {
  const { state: auth, profile } = useAuth();
  const readOnly = profile?.readOnly ?? false;
  const client = useQueryClient();
  const treeQuery = useNotesTree();
  const tree = treeQuery.data;
  const mutations = useTreeMutations();
  const { selection, select } = useSelection(tree);
  const sidebar = useSidebarCollapse();
  const [view, setViewState] = useState<WorkspaceView>(storedView);
  const setView = useCallback((next: WorkspaceView) => {
    setViewState(next);
    writeLocal(viewStorageKey, next);
  }, []);
  const todos = useTodosWorkspace(true);
  const { select: selectTodo } = todos;
  useDeepLink(
    todos.tree,
    useCallback(
      (target: TodoSelection) => {
        setView('todos');
        selectTodo(target);
      },
      [setView, selectTodo],
    ),
  );
  const [pendingDelete, setPendingDelete] = useState<DeleteRequest | null>(null);
  const [createdNoteId, setCreatedNoteId] = useState<string | null>(null);
  const [savers] = useState(
    () =>
      new SaverRegistry((meta) =>
        setTree(client, (t) =>
          updateNoteSummary(t, meta.id, { title: meta.title, updatedAt: meta.updatedAt }),
        ),
      ),
  );

  // Closing the tab with text the server does not have yet asks first (the draft is kept regardless).
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!savers.anyUnsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [savers]);

  const openPage = (noteId: string) => {
    const found = tree ? findNote(tree, noteId) : null;
    select({ notebookId: found?.notebook.id ?? null, sectionId: found?.section.id ?? null, noteId });
    sidebar.collapseIfNarrow();
  };

  const confirmDelete = () => {
    const request = pendingDelete;
    if (!request || !tree) return;
    let noteIds: string[] = [request.id];
    if (request.kind === 'notebook') {
      const notebook = tree.notebooks.find((n) => n.id === request.id);
      noteIds = notebook?.sections.flatMap((s) => s.notes.map((n) => n.id)) ?? [];
      if (selection.notebookId === request.id) {
        const next = tree.notebooks.find((n) => n.id !== request.id)?.id ?? null;
        select({ notebookId: next, sectionId: null, noteId: null });
      }
      mutations.deleteNotebook.mutate(request.id, {
        onSuccess: () => savers.removeAll(noteIds),
      });
    } else if (request.kind === 'section') {
      const found = findSection(tree, request.id);
      noteIds = found?.section.notes.map((n) => n.id) ?? [];
      if (found && selection.sectionId === request.id) {
        const next = found.notebook.sections.find((s) => s.id !== request.id)?.id ?? null;
        select({ notebookId: found.notebook.id, sectionId: next, noteId: null });
      }
      mutations.deleteSection.mutate(request.id, {
        onSuccess: () => savers.removeAll(noteIds),
      });
    } else {
      const found = findNote(tree, request.id);
      if (found && selection.noteId === request.id) {
        const next = found.section.notes.find((n) => n.id !== request.id)?.id ?? null;
        select({ notebookId: found.notebook.id, sectionId: found.section.id, noteId: next });
      }
      mutations.deleteNote.mutate(request.id, { onSuccess: () => savers.remove(request.id) });
    }
  };

  const open = tree && selection.noteId ? findNote(tree, selection.noteId) : null;
  const showSidebar = !sidebar.collapsed;

  return (
    <div className="flex h-dvh flex-col bg-white">
      <header className="z-30 flex h-12 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-4">
        <button
          type="button"
          onClick={() => sidebar.setCollapsed(showSidebar)}
          aria-label={showSidebar ? 'Hide sidebar' : 'Show sidebar'}
          aria-expanded={showSidebar}
          aria-controls="workspace-sidebar"
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {showSidebar ? (
            <PanelLeftClose className="h-5 w-5" aria-hidden="true" />
          ) : (
            <PanelLeftOpen className="h-5 w-5" aria-hidden="true" />
          )}
        </button>
        <Logo to="/app" size="sm" />
        <h1 className="sr-only">Workspace</h1>
        <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
          <span className="hidden truncate text-sm text-slate-500 sm:block" title={auth.user?.email}>
            {auth.user?.email}
          </span>
          <button
            type="button"
            onClick={() => onOpenSettings()}
            className="inline-flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            <Settings className="h-4 w-4" aria-hidden="true" />
            Settings
          </button>
        </div>
      </header>
      <TrialBanner onChoosePlan={() => onOpenSettings('billing')} />

      <div className="relative flex min-h-0 flex-1">
        {showSidebar && sidebar.narrow && (
          <button
            type="button"
            aria-label="Close sidebar"
            tabIndex={-1}
            onClick={() => sidebar.setCollapsed(true)}
            className="absolute inset-0 z-10 bg-slate-900/20"
          />
        )}
        <nav
          id="workspace-sidebar"
          aria-label="Sidebar"
          hidden={!showSidebar}
          className={`z-20 w-72 shrink-0 border-r border-slate-200 bg-slate-50 ${
            sidebar.narrow ? 'absolute inset-y-0 left-0 w-[min(20rem,85vw)] shadow-xl' : ''
          }`}
        >
          <Sidebar
            tree={tree}
            treeError={treeQuery.isError ? treeQuery.error.message : null}
            selection={selection}
            readOnly={readOnly}
            mutations={mutations}
            view={view}
            onViewChange={setView}
            onSelectNotebook={(id) =>
              select(
                selection.notebookId === id ? selection : { notebookId: id, sectionId: null, noteId: null },
              )
            }
            onSelectSection={(id) =>
              select({
                notebookId: tree ? (findSection(tree, id)?.notebook.id ?? null) : null,
                sectionId: id,
                noteId: null,
              })
            }
            onOpenPage={(id) => {
              setCreatedNoteId(null);
              openPage(id);
            }}
            onCreatedPage={(id) => {
              setCreatedNoteId(id);
              openPage(id);
            }}
            onPickResult={(hit) => {
              setView('notes');
              setCreatedNoteId(null);
              select({ notebookId: hit.notebookId, sectionId: hit.sectionId, noteId: hit.id });
              sidebar.collapseIfNarrow();
            }}
            onPickTask={(hit) => {
              setView('todos');
              todos.openTask(hit);
              sidebar.collapseIfNarrow();
            }}
            onDelete={setPendingDelete}
            todosPane={
              <TodosPane todos={todos} readOnly={readOnly} onOpenedTask={sidebar.collapseIfNarrow} />
            }
          />
        </nav>

        <main id="main-content" className="flex min-w-0 flex-1 flex-col">
          {view === 'todos' ? (
            <TaskPanel todos={todos} readOnly={readOnly} />
          ) : open ? (
            <NoteEditor
              key={open.note.id}
              noteId={open.note.id}
              saver={savers.get(open.note.id)}
              readOnly={readOnly}
              autoFocusTitle={createdNoteId === open.note.id}
              breadcrumb={[open.notebook.title, open.section.title]}
            />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
              <FileText className="h-10 w-10 text-slate-200" aria-hidden="true" />
              <p className="text-sm font-medium text-slate-500">{messages.notes.noPageSelected}</p>
            </div>
          )}
        </main>
      </div>

      <ConfirmDelete
        open={pendingDelete !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPendingDelete(null);
        }}
        title={pendingDelete ? deleteTitle[pendingDelete.kind] : ''}
        description={pendingDelete ? deleteText[pendingDelete.kind] : ''}
        onConfirm={confirmDelete}
      />
      <TodosDeleteDialog todos={todos} />
    </div>
  );
}
