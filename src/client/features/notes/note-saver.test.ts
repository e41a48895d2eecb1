import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/auth-test-helpers.tsx';
import { sampleNote } from '../../test/workspace-test-helpers.tsx';
import { NoteSaver } from './note-saver.ts';

/** What counts as one page rename for its Undo (docs/PRODUCT.md §10.5): the title from focus to leaving the field. */

let saved: string[];
beforeEach(() => {
  localStorage.clear();
  saved = [];
  stubApi({
    [`PATCH /api/notes/${sampleNote.id}`]: (call) => {
      const body = call.body as { title: string; baseVersion: number };
      saved.push(body.title);
      const version = body.baseVersion + 1;
      return { status: 200, body: { ...sampleNote, title: body.title, content: undefined, version } };
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

function openSaver() {
  const renames: Array<[string, string]> = [];
  const saver = new NoteSaver(
    sampleNote.id,
    { onSaved: () => {}, onRenamed: (_id, from, to) => renames.push([from, to]) },
    5,
  );
  saver.open(sampleNote);
  return { saver, renames };
}

const savedNow = (saver: NoteSaver) => waitFor(() => expect(saver.getSnapshot().status).toBe('saved'));

it('reports every save of one rename from the title before it; a later rename starts from there', async () => {
  const { saver, renames } = openSaver();
  saver.focusTitle(true);
  saver.edit({ title: 'Daily' });
  await savedNow(saver);
  saver.edit({ title: 'Daily standup' });
  await savedNow(saver);
  saver.focusTitle(false);
  expect(renames).toEqual([
    ['Standup', 'Daily'],
    ['Standup', 'Daily standup'],
  ]);

  saver.focusTitle(true);
  saver.edit({ title: 'Team standup' });
  await savedNow(saver);
  expect(renames.at(-1)).toEqual(['Daily standup', 'Team standup']);
});

it('reports no rename for body edits, a title typed back to what it was, or an undo', async () => {
  const { saver, renames } = openSaver();
  saver.edit({ content: 'More text' });
  await savedNow(saver);
  saver.focusTitle(true);
  saver.edit({ title: 'Standup!' });
  saver.edit({ title: 'Standup' });
  await savedNow(saver);
  saver.focusTitle(false);
  expect(renames).toEqual([]);

  saver.focusTitle(true);
  saver.edit({ title: 'Renamed' });
  await savedNow(saver);
  saver.focusTitle(false);
  saver.restoreTitle('Standup');
  await waitFor(() => expect(saved.at(-1)).toBe('Standup'));
  await savedNow(saver);
  expect(renames).toEqual([['Standup', 'Renamed']]);
  expect(saver.getSnapshot().title).toBe('Standup');
});
