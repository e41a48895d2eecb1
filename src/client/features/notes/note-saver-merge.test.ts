import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/auth-test-helpers.tsx';
import { sampleNote } from '../../test/workspace-test-helpers.tsx';
import { draftKey, writeDraft } from './drafts.ts';
import { NoteSaver } from './note-saver.ts';

/** A save that meets a newer version: different paragraphs merge and are saved; the same one conflicts. */

const base = 'One.\n\nTwo.\n\nThree.';
const page = { ...sampleNote, content: base, version: 3 };

interface SaveBody {
  title: string;
  content: string;
  baseVersion: number;
}

let saves: SaveBody[];
/** The server's copy, changed by "another device" at version 4. */
let server: typeof page;

beforeEach(() => {
  localStorage.clear();
  saves = [];
  server = { ...page, content: base.replace('Three.', 'Three, from the phone.'), version: 4 };
  stubApi({
    [`PATCH /api/notes/${page.id}`]: (call) => {
      const body = call.body as SaveBody;
      saves.push(body);
      if (body.baseVersion !== server.version) {
        return {
          status: 409,
          body: { error: { code: 'conflict', message: 'Changed elsewhere', current: server } },
        };
      }
      server = { ...server, title: body.title, content: body.content, version: server.version + 1 };
      return { status: 200, body: { ...server, content: undefined } };
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

function openSaver() {
  const saver = new NoteSaver(page.id, { onSaved: () => {} }, 5);
  saver.open(page);
  return saver;
}

it('merges edits of different paragraphs and saves the result over the newer version', async () => {
  const saver = openSaver();
  saver.edit({ content: base.replace('One.', 'One, from the laptop.') });
  await waitFor(() => expect(saver.getSnapshot().status).toBe('saved'));
  const merged = 'One, from the laptop.\n\nTwo.\n\nThree, from the phone.';
  expect(server.content).toBe(merged);
  expect(saver.getSnapshot()).toMatchObject({ content: merged, other: null });
  expect(saves.map((save) => save.baseVersion)).toEqual([3, 4]);
  expect(localStorage.getItem(draftKey(page.id))).toBeNull();
});

it('shows the conflict when both change the same paragraph', async () => {
  const saver = openSaver();
  saver.edit({ content: base.replace('Three.', 'Three, from the laptop.') });
  await waitFor(() => expect(saver.getSnapshot().status).toBe('conflict'));
  expect(saver.getSnapshot().other?.content).toBe(server.content);
  expect(server.version).toBe(4);
});

it('merges a draft left from an earlier visit against the base it keeps', async () => {
  // An edit made offline before a reload: only its draft (with the text it began from) survives.
  writeDraft(page.id, {
    title: page.title,
    content: base.replace('One.', 'One, offline.'),
    baseVersion: 3,
    base: { title: page.title, content: base },
  });
  const saver = new NoteSaver(page.id, { onSaved: () => {} }, 5);
  saver.open(server);
  await waitFor(() => expect(saver.getSnapshot().status).toBe('saved'));
  expect(server.content).toBe('One, offline.\n\nTwo.\n\nThree, from the phone.');
});
