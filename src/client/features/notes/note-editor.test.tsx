import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../../test/auth-test-helpers.tsx';
import {
  ids,
  renderWorkspace,
  sampleNote,
  samplePages,
  sampleTree,
  sessionReply,
  setWindowWidth,
} from '../../test/workspace-test-helpers.tsx';
// The editor is a lazy chunk; loading it up front keeps its first transform out of the tests' waits.
import '../../components/markdown/markdown-editor.tsx';
import { editorText, typeAtEnd } from '../../components/markdown/markdown-editor-test-helpers.ts';
import { draftKey } from './drafts.ts';
import { selectionStorageKey } from './hooks/use-selection.ts';

/** Real timers: saves retry after 1 s and the editor is a lazy chunk, slow on a busy machine. */
const TEST_TIMEOUT_MS = 15_000;

/** The note body: the CodeMirror editor, a lazy chunk, so it may take a moment longer than the page. */
const findEditor = () => screen.findByRole('textbox', { name: 'Page content' }, { timeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  setWindowWidth(1440);
  localStorage.setItem(
    selectionStorageKey,
    JSON.stringify({ notebookId: ids.notebook, sectionId: ids.section, noteId: ids.note }),
  );
});
afterEach(() => vi.unstubAllGlobals());

it(
  'keeps the draft on this device while saves fail, and clears it once the server has it',
  async () => {
    let serverUp = false;
    const saves: unknown[] = [];
    stubApi({
      'GET /api/auth/session': sessionReply,
      'GET /api/notes/tree': { status: 200, body: sampleTree },
      [`GET /api/notes/${ids.note}`]: { status: 200, body: sampleNote },
      [`PATCH /api/notes/${ids.note}`]: (call) => {
        saves.push(call.body);
        if (!serverUp) return apiError(500, 'internal', 'Something went wrong');
        return { status: 200, body: { ...sampleNote, content: undefined, version: 2 } };
      },
    });
    renderWorkspace();
    const body = await findEditor();
    expect(editorText(body)).toBe('Hello');
    await typeAtEnd(body, ' world');

    // Written before anything is sent, with the version the edit started from.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(draftKey(ids.note)) ?? '{}')).toMatchObject({
        content: 'Hello world',
        title: 'Standup',
        baseVersion: 1,
      }),
    );
    expect(await screen.findByText("Couldn't save — retrying", {}, { timeout: 3000 })).toBeInTheDocument();
    expect(localStorage.getItem(draftKey(ids.note))).not.toBeNull();

    serverUp = true;
    expect(await screen.findByText('Saved', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(localStorage.getItem(draftKey(ids.note))).toBeNull();
    expect(saves.at(-1)).toEqual({
      title: 'Standup',
      content: 'Hello world',
      baseVersion: 1,
      editSession: expect.any(String),
    });
  },
  TEST_TIMEOUT_MS,
);

it(
  'restores a draft left by an earlier visit and saves it',
  async () => {
    localStorage.setItem(
      draftKey(ids.note),
      JSON.stringify({
        title: 'Standup',
        content: 'Typed before the tab closed',
        baseVersion: 1,
        savedAt: 1,
      }),
    );
    const saves: unknown[] = [];
    stubApi({
      'GET /api/auth/session': sessionReply,
      'GET /api/notes/tree': { status: 200, body: sampleTree },
      [`GET /api/notes/${ids.note}`]: { status: 200, body: sampleNote },
      [`PATCH /api/notes/${ids.note}`]: (call) => {
        saves.push(call.body);
        return { status: 200, body: { ...sampleNote, content: undefined, version: 2 } };
      },
    });
    renderWorkspace();
    expect(editorText(await findEditor())).toBe('Typed before the tab closed');
    await waitFor(() => expect(localStorage.getItem(draftKey(ids.note))).toBeNull());
    expect(saves).toEqual([
      {
        title: 'Standup',
        content: 'Typed before the tab closed',
        baseVersion: 1,
        editSession: expect.any(String),
      },
    ]);
  },
  TEST_TIMEOUT_MS,
);

it(
  'on a stale save keeps both versions and lets the user keep theirs or mine',
  async () => {
    const theirs = { ...sampleNote, content: 'Changed in another tab', version: 3 };
    const saves: unknown[] = [];
    stubApi({
      'GET /api/auth/session': sessionReply,
      'GET /api/notes/tree': { status: 200, body: sampleTree },
      [`GET /api/notes/${ids.note}`]: { status: 200, body: sampleNote },
    });
    renderWorkspace();
    const body = await findEditor();
    // Meanwhile another tab saved version 3: a save from version 1 is refused.
    stubApi({
      'GET /api/auth/session': sessionReply,
      'GET /api/notes/tree': { status: 200, body: sampleTree },
      [`GET /api/notes/${ids.note}`]: { status: 200, body: theirs },
      [`PATCH /api/notes/${ids.note}`]: (call) => {
        saves.push(call.body);
        const base = (call.body as { baseVersion: number }).baseVersion;
        if (base < 3)
          return { status: 409, body: { error: { code: 'conflict', message: 'Changed', current: theirs } } };
        return { status: 200, body: { ...sampleNote, content: undefined, version: 4 } };
      },
    });
    await typeAtEnd(body, ' mine');
    expect(await screen.findByRole('textbox', { name: 'Their version' }, { timeout: 3000 })).toHaveValue(
      'Standup\n\nChanged in another tab',
    );
    expect(editorText(body)).toBe('Hello mine');
    expect(localStorage.getItem(draftKey(ids.note))).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    // Keeping mine tells the server, which keeps the text it replaces in the page's history.
    expect(saves.at(-1)).toEqual({
      title: 'Standup',
      content: 'Hello mine',
      baseVersion: 3,
      editSession: expect.any(String),
      resolvesConflict: true,
    });
    expect(localStorage.getItem(draftKey(ids.note))).toBeNull();
  },
  TEST_TIMEOUT_MS,
);

it(
  'on a stale save, `Use theirs` puts their text in the editor and keeps mine to copy',
  async () => {
    const theirs = { ...sampleNote, content: '# Plan\n\n- [x] changed in another tab', version: 3 };
    const saves: unknown[] = [];
    stubApi({
      'GET /api/auth/session': sessionReply,
      'GET /api/notes/tree': { status: 200, body: sampleTree },
      [`GET /api/notes/${ids.note}`]: { status: 200, body: sampleNote },
      [`PATCH /api/notes/${ids.note}`]: (call) => {
        saves.push(call.body);
        return { status: 409, body: { error: { code: 'conflict', message: 'Changed', current: theirs } } };
      },
    });
    renderWorkspace();
    const body = await findEditor();
    await typeAtEnd(body, ' mine');
    await userEvent.click(await screen.findByRole('button', { name: 'Use theirs' }, { timeout: 3000 }));

    expect(editorText(body)).toBe('# Plan\n\n- [x] changed in another tab');
    expect(screen.getByRole('checkbox', { name: 'changed in another tab' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Your version' })).toHaveValue('Standup\n\nHello mine');
    // Their text is the server's: it is not an edit of mine, so no draft is left to send.
    expect(localStorage.getItem(draftKey(ids.note))).toBeNull();
    expect(screen.getByText('Saved')).toBeInTheDocument();
  },
  TEST_TIMEOUT_MS,
);

it(
  'a saved page rename offers Undo, which puts the old title back on the server, in the editor and tree',
  async () => {
    const saves: Array<{ title: string; content: string; baseVersion: number }> = [];
    stubApi({
      'GET /api/auth/session': sessionReply,
      'GET /api/notes/tree': { status: 200, body: sampleTree },
      [`GET /api/sections/${ids.section}/notes`]: { status: 200, body: samplePages },
      [`GET /api/notes/${ids.note}`]: { status: 200, body: sampleNote },
      [`PATCH /api/notes/${ids.note}`]: (call) => {
        const body = call.body as (typeof saves)[number];
        saves.push(body);
        const version = body.baseVersion + 1;
        return { status: 200, body: { ...sampleNote, title: body.title, content: undefined, version } };
      },
    });
    renderWorkspace();
    await findEditor();
    const title = screen.getByRole('textbox', { name: 'Page title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Daily standup');
    await userEvent.tab();

    const toast = await screen.findByText('Page renamed', {}, { timeout: 3000 });
    expect(saves.at(-1)).toMatchObject({ title: 'Daily standup' });
    expect(await screen.findByRole('button', { name: 'Daily standup' })).toBeInTheDocument();

    const undo = toast.parentElement?.querySelector('button');
    expect(undo).toHaveTextContent('Undo');
    await userEvent.click(undo as HTMLButtonElement);
    await waitFor(() => expect(saves.at(-1)).toMatchObject({ title: 'Standup' }));
    expect(title).toHaveValue('Standup');
    expect(await screen.findByRole('button', { name: 'Standup' })).toBeInTheDocument();
    // Putting the old title back is not itself a rename to undo.
    await screen.findByText('Saved');
    expect(screen.queryByText('Page renamed')).toBeNull();
  },
  TEST_TIMEOUT_MS,
);
