/**
 * The public surface of todos for the workspace shell that composes it: the todos state, deep link and
 * dialogs, the API the command palette searches, and a loader for the view's screens.
 */
export { todoKeys, todosApi } from './api.ts';
export { TodosDeleteDialog } from './components/todos-delete-dialog.tsx';
export { useDeepLink } from './hooks/use-deep-link.ts';
export { useLabels } from './hooks/use-labels.ts';
export type { TodoSelection } from './hooks/use-todo-selection.ts';
export { type TodosWorkspace, useTodosWorkspace } from './hooks/use-todos-workspace.ts';
export { findCategory } from './todos-tree-ops.ts';

// The Todos view's screens (lists, task details, quick add with its date parser) download when the
// view is first shown; the notes view opens without them. A re-export here would bundle them with
// whatever imports this face, so the face hands out a loader instead.
// Every part comes in one go, so the view appears whole rather than the sidebar first: the sidebar
// pane, the content area (list and task panel), and the drag and drop context around both.
export const loadTodosView = () =>
  Promise.all([
    import('./components/todos-pane.tsx'),
    import('./components/todos-content.tsx'),
    import('./components/todos-dnd.tsx'),
  ]);
