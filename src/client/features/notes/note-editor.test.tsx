import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  ids,
  renderWorkspace,
  sampleNote,
  sampleTree,
  sessionReply,
  setWindowWidth,
} from '../../test/workspace-test-helpers.tsx';
import { apiError, stubApi } from '../auth/auth-test-helpers.tsx';
import { draftKey } from './drafts.ts';
import { selectionStorageKey } from './hooks/use-selection.ts';

beforeEach(() => {
  localStorage.clear();
  setWindowWidth(1440);
  localStorage.setItem(
    selectionStorageKey,
    JSON.stringify({ notebookId: ids.notebook, sectionId: ids.section, noteId: ids.note }),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('keeps the draft on this device while saves fail, and clears it once the server has it', async () => {
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
  const body = await screen.findByRole('textbox', { name: 'Page content' });
  expect(body).toHaveValue('Hello');
  await userEvent.type(body, ' world');

  // Written before anything is sent, with the version the edit started from.
  expect(JSON.parse(localStorage.getItem(draftKey(ids.note)) ?? '{}')).toMatchObject({
    content: 'Hello world',
    title: 'Standup',
    baseVersion: 1,
  });
  expect(await screen.findByText("Couldn't save — retrying", {}, { timeout: 3000 })).toBeInTheDocument();
  expect(localStorage.getItem(draftKey(ids.note))).not.toBeNull();

  serverUp = true;
  expect(await screen.findByText('Saved', {}, { timeout: 4000 })).toBeInTheDocument();
  expect(localStorage.getItem(draftKey(ids.note))).toBeNull();
  expect(saves.at(-1)).toEqual({ title: 'Standup', content: 'Hello world', baseVersion: 1 });
});

it('restores a draft left by an earlier visit and saves it', async () => {
  localStorage.setItem(
    draftKey(ids.note),
    JSON.stringify({ title: 'Standup', content: 'Typed before the tab closed', baseVersion: 1, savedAt: 1 }),
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
  expect(await screen.findByRole('textbox', { name: 'Page content' })).toHaveValue(
    'Typed before the tab closed',
  );
  await waitFor(() => expect(localStorage.getItem(draftKey(ids.note))).toBeNull());
  expect(saves).toEqual([{ title: 'Standup', content: 'Typed before the tab closed', baseVersion: 1 }]);
});

it('on a stale save keeps both versions and lets the user keep theirs or mine', async () => {
  const theirs = { ...sampleNote, content: 'Changed in another tab', version: 3 };
  const saves: unknown[] = [];
  stubApi({
    'GET /api/auth/session': sessionReply,
    'GET /api/notes/tree': { status: 200, body: sampleTree },
    [`GET /api/notes/${ids.note}`]: { status: 200, body: sampleNote },
  });
  renderWorkspace();
  const body = await screen.findByRole('textbox', { name: 'Page content' });
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
  await userEvent.type(body, ' mine');
  expect(await screen.findByRole('textbox', { name: 'Their version' }, { timeout: 3000 })).toHaveValue(
    'Standup\n\nChanged in another tab',
  );
  expect(body).toHaveValue('Hello mine');
  expect(localStorage.getItem(draftKey(ids.note))).not.toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  expect(saves.at(-1)).toEqual({ title: 'Standup', content: 'Hello mine', baseVersion: 3 });
  expect(localStorage.getItem(draftKey(ids.note))).toBeNull();
});
