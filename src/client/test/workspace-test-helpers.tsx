import type { NotesTree } from '../../shared/schemas/note.ts';
import { preloadLazyParts } from '../lib/lazy-part.tsx';
import { WorkspacePage } from '../routes/workspace-page.tsx';
import { renderScreen, signedInSession } from './auth-test-helpers.tsx';

/** Test support for the workspace: a small tree, the window width, and the page rendered signed in. */

export const ids = {
  notebook: '10000000-0000-4000-8000-000000000001',
  section: '20000000-0000-4000-8000-000000000001',
  note: '30000000-0000-4000-8000-000000000001',
};

const at = '2030-01-01T00:00:00.000Z';

/** The sample section's pages, as GET /api/sections/:id/notes answers them. */
export const samplePages = { notes: [{ id: ids.note, title: 'Standup', position: 0, updatedAt: at }] };

export const sampleTree: NotesTree = {
  notebooks: [
    {
      id: ids.notebook,
      title: 'Work',
      color: '#3B82F6',
      position: 0,
      createdAt: at,
      updatedAt: at,
      sections: [
        {
          id: ids.section,
          notebookId: ids.notebook,
          title: 'Meetings',
          position: 0,
          createdAt: at,
          updatedAt: at,
          noteCount: 1,
          notes: samplePages.notes,
        },
      ],
    },
  ],
};

export const sampleNote = {
  id: ids.note,
  sectionId: ids.section,
  notebookId: ids.notebook,
  title: 'Standup',
  content: 'Hello',
  position: 0,
  version: 1,
  createdAt: at,
  updatedAt: at,
};

export const sessionReply = { status: 200, body: signedInSession };

export function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
}

// The workspace fetches its Todos view, settings, palette, row menus and dialogs when first shown
// (docs/performance.md). Loading them here once means a test's first findBy* does not spend its timeout while
// Vitest compiles them and React holds the loading fallback.
await preloadLazyParts();

// Every workspace address: /app, and a page's /app/pages/<id> the workspace moves to as pages open.
export const renderWorkspace = () => renderScreen(<WorkspacePage />, { path: '/app/*?', url: '/app' });
