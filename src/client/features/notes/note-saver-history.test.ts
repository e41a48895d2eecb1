import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/auth-test-helpers.tsx';
import { sampleNote } from '../../test/workspace-test-helpers.tsx';
import { NoteSaver } from './note-saver.ts';

/** What a page's saves tell the server for its history: the editing session, and a restore adopted. */

type SaveBody = { content?: string; baseVersion: number; editSession?: string };
let saves: SaveBody[];
beforeEach(() => {
  localStorage.clear();
  saves = [];
  stubApi({
    [`PATCH /api/notes/${sampleNote.id}`]: (call) => {
      const body = call.body as SaveBody;
      saves.push(body);
      return { status: 200, body: { ...sampleNote, content: undefined, version: body.baseVersion + 1 } };
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

function openSaver() {
  const saved: number[] = [];
  const saver = new NoteSaver(sampleNote.id, { onSaved: (meta) => saved.push(meta.version) }, 5);
  saver.open(sampleNote);
  return { saver, saved };
}

it('sends one editing session until the page is opened again', async () => {
  const { saver } = openSaver();
  saver.edit({ content: 'one' });
  expect(await saver.whenSaved()).toBe(true);
  saver.edit({ content: 'two' });
  expect(await saver.whenSaved()).toBe(true);
  saver.startSession();
  saver.edit({ content: 'three' });
  expect(await saver.whenSaved()).toBe(true);

  expect(saves.map((s) => s.content)).toEqual(['one', 'two', 'three']);
  const [first, second, third] = saves.map((s) => s.editSession);
  expect(first).toEqual(expect.any(String));
  expect(second).toBe(first);
  expect(third).not.toBe(first);
});

it('adopts a restored version: its text and version, no draft, and a new session for the next edit', async () => {
  const { saver, saved } = openSaver();
  saver.edit({ content: 'typed' });
  await waitFor(() => expect(saver.getSnapshot().status).toBe('saved'));
  const session = saves[0]?.editSession;

  saver.restored({ ...sampleNote, content: 'restored text', version: 9 });
  expect(saver.getSnapshot()).toMatchObject({ content: 'restored text', status: 'saved' });
  expect(saver.version).toBe(9);
  expect(saver.unsaved).toBe(false);
  expect(saved.at(-1)).toBe(9);

  saver.edit({ content: 'restored text, edited' });
  expect(await saver.whenSaved()).toBe(true);
  expect(saves.at(-1)).toMatchObject({ baseVersion: 9, content: 'restored text, edited' });
  expect(saves.at(-1)?.editSession).not.toBe(session);
});
