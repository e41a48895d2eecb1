import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { NotesOutline } from '../../../shared/schemas/note.ts';
import { type ApiCall, stubApi } from '../../test/auth-test-helpers.tsx';
import {
  ids,
  renderWorkspace,
  sampleNote,
  samplePages,
  sessionReply,
  setWindowWidth,
} from '../../test/workspace-test-helpers.tsx';
import { selectionStorageKey } from './hooks/use-selection.ts';

/**
 * docs/performance.md: the tree carries notebooks, sections and page counts; a section's pages are asked for when
 * it is selected (or remembered), and the list and count follow creates as before.
 */

const at = '2030-01-01T00:00:00.000Z';
const ideas = '20000000-0000-4000-8000-000000000002';
const idea = (n: number) => ({
  id: `40000000-0000-4000-8000-00000000000${n}`,
  title: `Idea ${n}`,
  position: n - 1,
  updatedAt: at,
});

/** Work > Meetings (1 page), Work > Ideas (2 pages): counts only, as GET /api/notes/tree?pages=count. */
const outline: NotesOutline = {
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
        },
        {
          id: ideas,
          notebookId: ids.notebook,
          title: 'Ideas',
          position: 1,
          createdAt: at,
          updatedAt: at,
          noteCount: 2,
        },
      ],
    },
  ],
};

const pagesPath = (sectionId: string) => `/api/sections/${sectionId}/notes`;
const asked = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path);

/** Holds the answers for the Ideas section's pages until `release` (to see the section loading). */
function holdIdeas() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (new URL(input, 'http://localhost').pathname === pagesPath(ideas)) await gate;
    return answer(input, init);
  });
  return () => release();
}

function stubOutline(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/auth/session': sessionReply,
    'GET /api/notes/tree': { status: 200, body: outline },
    [`GET ${pagesPath(ids.section)}`]: { status: 200, body: samplePages },
    [`GET ${pagesPath(ideas)}`]: { status: 200, body: { notes: [idea(1), idea(2)] } },
    [`GET /api/notes/${ids.note}`]: { status: 200, body: sampleNote },
    ...extra,
  });
}

/** The row of a section in the tree (its title button, count and menu). */
const sectionRow = (title: string) => {
  const row = screen.getByRole('button', { name: title }).parentElement;
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};

beforeEach(() => {
  localStorage.clear();
  setWindowWidth(1440);
});
afterEach(() => vi.unstubAllGlobals());

describe('a section’s pages load when it opens', () => {
  it('asks only for the tree with counts first, then a section’s pages when it is selected', async () => {
    const calls = stubOutline();
    const release = holdIdeas();
    renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: 'Work' }));
    expect(within(sectionRow('Ideas')).getByText('2')).toBeInTheDocument();
    expect(asked(calls, pagesPath(ideas))).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Ideas' }));
    const pages = screen.getByRole('region', { name: 'Pages' });
    expect(await within(pages).findByText(messages.loading)).toBeInTheDocument();
    release();
    expect(await within(pages).findByRole('button', { name: 'Idea 2' })).toBeInTheDocument();
    expect(within(pages).queryByText(messages.loading)).toBeNull();
    expect(asked(calls, pagesPath(ideas))).toHaveLength(1);
    expect(asked(calls, pagesPath(ids.section))).toHaveLength(0);

    // Back and forth: the pages are cached, not asked again.
    await userEvent.click(screen.getByRole('button', { name: 'Meetings' }));
    expect(await within(pages).findByRole('button', { name: 'Standup' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ideas' }));
    expect(within(pages).getByRole('button', { name: 'Idea 1' })).toBeInTheDocument();
    expect(asked(calls, pagesPath(ideas))).toHaveLength(1);
  });

  it('opens a remembered page on reload, its section’s pages asked for beside the tree', async () => {
    localStorage.setItem(
      selectionStorageKey,
      JSON.stringify({ notebookId: ids.notebook, sectionId: ids.section, noteId: ids.note }),
    );
    const calls = stubOutline();
    renderWorkspace();
    expect(await screen.findByRole('textbox', { name: 'Page title' })).toHaveValue('Standup');
    const pages = screen.getByRole('region', { name: 'Pages' });
    expect(await within(pages).findByRole('button', { name: 'Standup' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(asked(calls, pagesPath(ids.section))).toHaveLength(1);
    expect(asked(calls, pagesPath(ideas))).toHaveLength(0);
  });

  it('falls back to the section when the remembered page is no longer in it', async () => {
    localStorage.setItem(
      selectionStorageKey,
      JSON.stringify({ notebookId: ids.notebook, sectionId: ids.section, noteId: ids.note }),
    );
    stubOutline({ [`GET ${pagesPath(ids.section)}`]: { status: 200, body: { notes: [] } } });
    renderWorkspace();
    expect(await screen.findByText(messages.notes.noPagesYet)).toBeInTheDocument();
    expect(await screen.findByText(messages.notes.noPageSelected)).toBeInTheDocument();
    // The tree's count follows the list the server gave.
    expect(within(sectionRow('Meetings')).queryByText('1')).toBeNull();
  });

  it('adds a created page to the loaded list and to the section’s count', async () => {
    const created = { ...sampleNote, id: idea(3).id, sectionId: ideas, title: 'Untitled Note', position: 2 };
    stubOutline({
      'POST /api/notes': { status: 201, body: created },
      [`GET /api/notes/${created.id}`]: { status: 200, body: created },
    });
    renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: 'Work' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ideas' }));
    const pages = screen.getByRole('region', { name: 'Pages' });
    await within(pages).findByRole('button', { name: 'Idea 2' });
    await userEvent.click(screen.getByRole('button', { name: 'New page' }));
    expect(await within(pages).findByRole('button', { name: 'Untitled Note' })).toBeInTheDocument();
    await waitFor(() => expect(within(sectionRow('Ideas')).getByText('3')).toBeInTheDocument());
  });

  it('says why when a section’s pages cannot be loaded', async () => {
    stubOutline({
      [`GET ${pagesPath(ideas)}`]: {
        status: 404,
        body: { error: { code: 'not_found', message: 'Not found' } },
      },
    });
    renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: 'Work' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ideas' }));
    expect(await screen.findByText('Not found')).toBeInTheDocument();
  });
});
