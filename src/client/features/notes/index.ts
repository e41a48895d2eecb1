/**
 * The public surface of notes for the workspace shell that composes it: the notes view, its state and
 * dialogs, and the API and cache the command palette searches.
 */
export { noteKeys, notesApi } from './api.ts';
export { NotesDeleteDialog } from './components/notes-delete-dialog.tsx';
export { NotesPane } from './components/notes-pane.tsx';
export { NotesPanel } from './components/notes-panel.tsx';
export { type NotesWorkspace, useNotesWorkspace } from './hooks/use-notes-workspace.ts';
export { selectionStorageKey } from './hooks/use-selection.ts';
export { useStarterFirstPage } from './hooks/use-starter-first-page.ts';
export { locatePage, pagesOf } from './notes-cache.ts';
export { pageIdOf, pagePath, pageUrl, workspacePath } from './page-link.ts';
