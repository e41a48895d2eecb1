import { useCallback } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { setThemeChoice } from '../../../lib/theme.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { useAuth } from '../../auth/index.ts';
import type { NotesWorkspace } from '../../notes/index.ts';
import type { TodosWorkspace } from '../../todos/index.ts';
import { findCategory } from '../../todos/index.ts';
import type { CommandId, PaletteEntry } from '../palette-items.ts';
import type { useSidebarCollapse } from './use-sidebar-collapse.ts';
import type { WorkspaceView } from './use-workspace-view.ts';

/** The search box's id (sidebar.tsx), so `/` and the palette's Search can focus it. */
export const searchInputId = 'workspace-search';

interface WorkspaceCommandsInput {
  notes: NotesWorkspace;
  todos: TodosWorkspace;
  view: WorkspaceView;
  setView(view: WorkspaceView): void;
  sidebar: ReturnType<typeof useSidebarCollapse>;
  readOnly: boolean;
  onOpenSettings(): void;
}

/**
 * What the command palette and the single-key shortcuts do, each exactly as the matching click does:
 * `New page` is the Pages pane's `+` (the open section), `New task` the Tasks pane's, opening a page is a
 * click on it in the list, and so on.
 */
export function useWorkspaceCommands(input: WorkspaceCommandsInput) {
  const { notes, todos, setView, sidebar, readOnly, onOpenSettings } = input;
  const { signOut } = useAuth();
  const { showError } = useToasts();
  const sectionId = notes.selection.sectionId;
  // A new task goes to the listed category: none while Today, Upcoming or a label is listed.
  const listsCategory = todos.listView.kind === 'category';
  const category =
    listsCategory && todos.tree && todos.selection.categoryId
      ? findCategory(todos.tree, todos.selection.categoryId)
      : null;

  const showSidebar = () => {
    if (sidebar.collapsed) sidebar.setCollapsed(false);
  };

  // The panes' own create-and-name (the new page or task opens with its title selected for typing).
  const newPage = () => {
    if (readOnly || !sectionId) return;
    setView('notes');
    notes.createPage(() => sidebar.collapseIfNarrow());
  };

  const newTask = () => {
    if (readOnly || !category) return;
    setView('todos');
    todos.createTask(() => sidebar.collapseIfNarrow());
  };

  const focusSearch = useCallback(() => {
    if (sidebar.collapsed) sidebar.setCollapsed(false);
    // The sidebar is shown on the next render; focus the box once it is there.
    requestAnimationFrame(() => document.getElementById(searchInputId)?.focus());
  }, [sidebar]);

  const isDisabled = (command: CommandId) =>
    (command === 'new-page' && (readOnly || !sectionId)) ||
    (command === 'new-task' && (readOnly || !category));

  const runCommand = (command: CommandId) => {
    if (command === 'new-page') newPage();
    else if (command === 'new-task') newTask();
    else if (command === 'view-notes') setView('notes');
    else if (command === 'view-todos') setView('todos');
    else if (command === 'search') focusSearch();
    else if (command === 'settings') onOpenSettings();
    else if (command === 'theme-system') setThemeChoice('system');
    else if (command === 'theme-light') setThemeChoice('light');
    else if (command === 'theme-dark') setThemeChoice('dark');
    else void signOut().catch(() => showError(messages.auth.failedSignOut));
  };

  /** Opens what the palette found, as a click on it in the sidebar would. */
  const choose = (entry: PaletteEntry) => {
    if (entry.kind === 'command') return runCommand(entry.id);
    if (entry.kind === 'notebook' || entry.kind === 'section' || entry.kind === 'page') setView('notes');
    else setView('todos');
    if (entry.kind === 'notebook') {
      notes.selectNotebook(entry.id);
      showSidebar();
    } else if (entry.kind === 'section') {
      notes.selectSection(entry.id);
      showSidebar();
    } else if (entry.kind === 'page') {
      notes.openPage(entry.id, entry.sectionId);
      sidebar.collapseIfNarrow();
    } else if (entry.kind === 'list') {
      todos.selectTodo(entry.id);
      showSidebar();
    } else if (entry.kind === 'category') {
      todos.selectCategory(entry.id);
      showSidebar();
    } else if (entry.kind === 'label') {
      todos.showLabel(entry.id);
      showSidebar();
    } else {
      todos.openTask({ id: entry.id, categoryId: entry.categoryId });
      sidebar.collapseIfNarrow();
    }
  };

  /** `n`: a new page or a new task, by the view on screen. */
  const createInView = () => (input.view === 'todos' ? newTask() : newPage());

  /** `g t` and `g u`: Today or Upcoming, as their entries in the sidebar do. */
  const goToPlan = (kind: 'today' | 'upcoming') => {
    setView('todos');
    todos.showList({ kind });
    sidebar.collapseIfNarrow();
  };

  return { choose, isDisabled, focusSearch, createInView, goToPlan };
}

export type WorkspaceCommands = ReturnType<typeof useWorkspaceCommands>;
