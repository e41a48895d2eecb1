import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { stubApi } from '../../test/auth-test-helpers.tsx';
import {
  ids,
  renderWorkspace,
  sampleNote,
  samplePages,
  sampleTree,
  sessionReply,
  setWindowWidth,
} from '../../test/workspace-test-helpers.tsx';
import { selectionStorageKey } from '../notes/index.ts';

beforeEach(() => {
  localStorage.clear();
  stubApi({
    'GET /api/auth/session': sessionReply,
    'GET /api/notes/tree': { status: 200, body: sampleTree },
    [`GET /api/sections/${ids.section}/notes`]: { status: 200, body: samplePages },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('sidebar collapse', () => {
  it('starts collapsed on a window narrower than 1280 px when a page is open', async () => {
    setWindowWidth(1279);
    localStorage.setItem(
      selectionStorageKey,
      JSON.stringify({ notebookId: ids.notebook, sectionId: ids.section, noteId: ids.note }),
    );
    stubApi({
      'GET /api/auth/session': sessionReply,
      'GET /api/notes/tree': { status: 200, body: sampleTree },
      [`GET /api/notes/${ids.note}`]: { status: 200, body: sampleNote },
    });
    renderWorkspace();
    const toggle = await screen.findByRole('button', { name: 'Show sidebar' });
    expect(await screen.findByLabelText('Page title')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Sidebar' })).toBeNull();
  });

  it('opens on the sidebar on a narrow window when nothing is open, not on an empty editor', async () => {
    setWindowWidth(390);
    renderWorkspace();
    expect(await screen.findByRole('navigation', { name: 'Sidebar' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide sidebar' })).toHaveAttribute('aria-expanded', 'true');
    // Closing it is the user's choice; the empty content area then offers the way back.
    await userEvent.click(screen.getByRole('button', { name: 'Hide sidebar' }));
    await userEvent.click(screen.getByRole('button', { name: messages.firstRun.showSidebar }));
    expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
  });

  it('starts open on a wide window and remembers that the user closed it', async () => {
    setWindowWidth(1440);
    const first = renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: 'Hide sidebar' }));
    expect(screen.getByRole('button', { name: 'Show sidebar' })).toHaveAttribute('aria-expanded', 'false');
    first.unmount();

    renderWorkspace();
    expect(await screen.findByRole('button', { name: 'Show sidebar' })).toBeInTheDocument();
    expect(localStorage.getItem('jotlist-sidebar-collapsed')).toBe('true');
  });

  it('collapses when the window narrows, after the 250 ms debounce', async () => {
    setWindowWidth(1440);
    renderWorkspace();
    await screen.findByRole('button', { name: 'Hide sidebar' });
    vi.useFakeTimers();
    setWindowWidth(900);
    act(() => {
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('button', { name: 'Hide sidebar' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60));
    expect(screen.getByRole('button', { name: 'Show sidebar' })).toBeInTheDocument();
  });
});

describe('sidebar split', () => {
  it('defaults to 50, is clamped to 20–80 and is saved under sidebar-split', async () => {
    setWindowWidth(1440);
    const first = renderWorkspace();
    const handle = await screen.findByRole('separator', { name: 'Resize notebooks and pages' });
    expect(handle).toHaveAttribute('aria-valuenow', '50');
    for (let i = 0; i < 10; i += 1) fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect(handle).toHaveAttribute('aria-valuenow', '80');
    expect(localStorage.getItem('sidebar-split')).toBe('80');
    for (let i = 0; i < 20; i += 1) fireEvent.keyDown(handle, { key: 'ArrowUp' });
    expect(handle).toHaveAttribute('aria-valuenow', '20');
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect(localStorage.getItem('sidebar-split')).toBe('25');
    first.unmount();

    renderWorkspace();
    expect(await screen.findByRole('separator')).toHaveAttribute('aria-valuenow', '25');
  });

  it('clamps a stored value out of range', async () => {
    setWindowWidth(1440);
    localStorage.setItem('sidebar-split', '95');
    renderWorkspace();
    expect(await screen.findByRole('separator')).toHaveAttribute('aria-valuenow', '80');
  });
});

describe('notes tree', () => {
  it('offers New page only once a section is selected', async () => {
    setWindowWidth(1440);
    renderWorkspace();
    const createButton = await screen.findByRole('button', { name: 'New page' });
    expect(createButton).toBeDisabled();
    expect(screen.getByText(messages.notes.selectSection)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Work' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Meetings' }));
    expect(createButton).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Standup' })).toBeInTheDocument();
  });

  it('refuses to rename to empty text and sends nothing', async () => {
    setWindowWidth(1440);
    const calls = stubApi({
      'GET /api/auth/session': sessionReply,
      'GET /api/notes/tree': { status: 200, body: sampleTree },
    });
    renderWorkspace();
    await userEvent.dblClick(await screen.findByRole('button', { name: 'Work' }));
    const input = screen.getByRole('textbox', { name: 'Rename notebook' });
    await userEvent.clear(input);
    await userEvent.type(input, '   {Enter}');
    expect(screen.getByText(messages.notes.nameRequired)).toBeInTheDocument();
    expect(input).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Work' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('renames with Enter through the API', async () => {
    setWindowWidth(1440);
    const calls = stubApi({
      'GET /api/auth/session': sessionReply,
      'GET /api/notes/tree': { status: 200, body: sampleTree },
      [`PATCH /api/notebooks/${ids.notebook}`]: (call) => ({
        status: 200,
        body: { ...sampleTree.notebooks[0], sections: undefined, ...(call.body as object) },
      }),
    });
    renderWorkspace();
    await userEvent.dblClick(await screen.findByRole('button', { name: 'Work' }));
    const input = screen.getByRole('textbox', { name: 'Rename notebook' });
    await userEvent.clear(input);
    await userEvent.type(input, '  Projects {Enter}');
    expect(await screen.findByRole('button', { name: 'Projects' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ title: 'Projects' });
  });
});

describe('empty states carry their action', () => {
  it('offers Create a notebook when there is none, and it creates one through the API', async () => {
    setWindowWidth(1440);
    const notebook = { ...sampleTree.notebooks[0], sections: undefined, title: 'New Notebook' };
    const calls = stubApi({
      'GET /api/auth/session': sessionReply,
      'GET /api/notes/tree': { status: 200, body: { notebooks: [] } },
      'POST /api/notebooks': { status: 201, body: notebook },
    });
    renderWorkspace();
    expect(await screen.findByText(messages.firstRun.noNotebooksYet)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: messages.firstRun.createNotebook }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(await screen.findByText(messages.firstRun.noSectionsYet)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New section' })).toBeEnabled();
  });
});
