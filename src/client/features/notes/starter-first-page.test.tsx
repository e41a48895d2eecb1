import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { NotesTree } from '../../../shared/schemas/note.ts';
import { stubApi } from '../../test/auth-test-helpers.tsx';
import {
  ids,
  renderWorkspace,
  sampleNote,
  sampleTree,
  sessionReply,
  setWindowWidth,
} from '../../test/workspace-test-helpers.tsx';
import { selectionStorageKey } from './hooks/use-selection.ts';

/** docs/PRODUCT.md §10.3 on a desktop: a new account opens on the starter notebook's welcome page. */

/** Tree, then the section's pages, then the page: three answers before the title shows (busy machine). */
const findTitle = () => screen.findByRole('textbox', { name: 'Page title' }, { timeout: 5000 });

const other = '30000000-0000-4000-8000-000000000002';
/** The sample tree as a new account's: the `Getting started` notebook, its welcome page and one more. */
function starterTree(): NotesTree {
  const tree = structuredClone(sampleTree);
  const notebook = tree.notebooks[0];
  const section = notebook?.sections[0];
  const welcome = section?.notes[0];
  if (!notebook || !section || !welcome) throw new Error('sampleTree changed shape');
  notebook.title = 'Getting started';
  section.title = 'Welcome';
  section.notes = starterPages(welcome);
  section.noteCount = section.notes.length;
  return tree;
}

function starterPages(welcome: NotesTree['notebooks'][number]['sections'][number]['notes'][number]) {
  return [
    { ...welcome, title: 'Welcome to Jotlist' },
    { ...welcome, id: other, title: 'Write in Markdown', position: 1 },
  ];
}

function stubStarter() {
  const tree = starterTree();
  stubApi({
    'GET /api/auth/session': sessionReply,
    'GET /api/notes/tree': { status: 200, body: tree },
    [`GET /api/sections/${ids.section}/notes`]: {
      status: 200,
      body: { notes: tree.notebooks[0]?.sections[0]?.notes },
    },
    [`GET /api/notes/${ids.note}`]: { status: 200, body: { ...sampleNote, title: 'Welcome to Jotlist' } },
    [`GET /api/notes/${other}`]: {
      status: 200,
      body: { ...sampleNote, id: other, title: 'Write in Markdown' },
    },
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

it('opens the welcome page, its notebook and section open around it, on the first visit', async () => {
  setWindowWidth(1440);
  stubStarter();
  renderWorkspace();
  expect(await findTitle()).toHaveValue('Welcome to Jotlist');
  expect(screen.getByRole('button', { name: 'Welcome' })).toBeInTheDocument();
  expect(screen.queryByText(messages.notes.noPageSelected)).toBeNull();
  // Remembered like a click: the next visit comes back to it.
  expect(JSON.parse(localStorage.getItem(selectionStorageKey) ?? '{}')).toMatchObject({ noteId: ids.note });
});

it('keeps a returning user on the page they had open', async () => {
  setWindowWidth(1440);
  localStorage.setItem(
    selectionStorageKey,
    JSON.stringify({ notebookId: ids.notebook, sectionId: ids.section, noteId: other }),
  );
  stubStarter();
  renderWorkspace();
  expect(await findTitle()).toHaveValue('Write in Markdown');
});

it('keeps a returning user with nothing open on nothing open', async () => {
  setWindowWidth(1440);
  localStorage.setItem(
    selectionStorageKey,
    JSON.stringify({ notebookId: null, sectionId: null, noteId: null }),
  );
  stubStarter();
  renderWorkspace();
  expect(await screen.findByText(messages.notes.noPageSelected)).toBeInTheDocument();
  // The first look is decided in the effect of the render that shows the tree: nothing was selected.
  expect(await screen.findByRole('button', { name: 'Getting started' })).toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem(selectionStorageKey) ?? '{}')).toEqual({
    notebookId: null,
    sectionId: null,
    noteId: null,
  });
  expect(screen.queryByRole('textbox', { name: 'Page title' })).toBeNull();
});
