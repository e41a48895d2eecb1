import { describe, expect, it } from 'vitest';
import type { NotesTree } from '../../../shared/schemas/note.ts';
import { entry, sentences, times } from '../../components/tree/drag-announcements-test-helpers.ts';
import { notesDragModel } from './notes-drag-model.ts';

const page = (id: string, sectionId: string, title: string, position: number) => ({
  id,
  sectionId,
  title,
  position,
  updatedAt: times.updatedAt,
});
const section = (
  id: string,
  notebookId: string,
  title: string,
  position: number,
  notes = [] as ReturnType<typeof page>[],
) => ({
  id,
  notebookId,
  title,
  position,
  notes,
  ...times,
});

/** Work > Projects (5 pages, Launch plan first), Work > Ideas (Launch plan's neighbour), Home (no sections). */
const notes = {
  notebooks: [
    {
      id: 'nb-work',
      title: 'Work',
      color: '#3B82F6',
      position: 0,
      ...times,
      sections: [
        section('s-projects', 'nb-work', 'Projects', 0, [
          page('p-1', 's-projects', 'Roadmap', 0),
          page('p-2', 's-projects', 'Budget', 1),
          page('p-3', 's-projects', 'Hiring', 2),
          page('p-4', 's-projects', 'Retro', 3),
        ]),
        section('s-ideas', 'nb-work', 'Ideas', 1, [
          page('p-launch', 's-ideas', 'Launch plan', 0),
          page('p-blank', 's-ideas', '', 1),
        ]),
      ],
    },
    { id: 'nb-home', title: 'Home', color: '#10B981', position: 1, ...times, sections: [] },
  ],
} as unknown as NotesTree;

/** Every section of the fixture counts as loaded (the cache holds its pages). */
const allLoaded = (sectionId: string) =>
  notes.notebooks.flatMap((n) => n.sections).find((s) => s.id === sectionId)?.notes;

const noteRow = (id: string, parentId: string) => entry({ kind: 'note', id, parentId });
const sectionRow = (id: string, parentId: string) => entry({ kind: 'section', id, parentId });
const notebookRow = (id: string) => entry({ kind: 'notebook', id, parentId: null });

describe('drag announcements in the notes tree', () => {
  const say = sentences(notesDragModel(notes, allLoaded));
  const launch = noteRow('p-launch', 's-ideas');

  it('names the page picked up, and stays quiet while it is over its own place', () => {
    const fresh = sentences(notesDragModel(notes, allLoaded));
    expect(fresh.onDragStart({ active: launch })).toBe('Picked up page "Launch plan".');
    expect(fresh.onDragOver({ active: launch, over: launch })).toBeUndefined();
    expect(fresh.onDragOver({ active: launch, over: noteRow('p-blank', 's-ideas') })).toBe(
      'Moved page "Launch plan" to section "Ideas", position 2 of 2.',
    );
    // Back over its own place: that is a move now.
    expect(fresh.onDragOver({ active: launch, over: launch })).toBe(
      'Moved page "Launch plan" to section "Ideas", position 1 of 2.',
    );
  });

  it('names the section and the position a page moves to in another section', () => {
    // Over Budget (2nd of 4): inserted there, so 2nd of the 5 it would then hold.
    expect(say.onDragOver({ active: launch, over: noteRow('p-2', 's-projects') })).toBe(
      'Moved page "Launch plan" to section "Projects", position 2 of 5.',
    );
    expect(say.onDragOver({ active: launch, over: sectionRow('s-projects', 'nb-work') })).toBe(
      'Moved page "Launch plan" to section "Projects", position 5 of 5.',
    );
    expect(say.onDragEnd({ active: launch, over: noteRow('p-2', 's-projects') })).toBe(
      'Dropped page "Launch plan" in section "Projects", position 2 of 5.',
    );
  });

  it('counts a move among its own siblings without adding one', () => {
    expect(say.onDragOver({ active: noteRow('p-1', 's-projects'), over: noteRow('p-3', 's-projects') })).toBe(
      'Moved page "Roadmap" to section "Projects", position 3 of 4.',
    );
    // Over its own section's row: the page stays where it is.
    expect(
      say.onDragOver({ active: noteRow('p-4', 's-projects'), over: sectionRow('s-projects', 'nb-work') }),
    ).toBe('Moved page "Retro" to section "Projects", position 4 of 4.');
  });

  it('names sections and notebooks, and top-level moves have no parent', () => {
    expect(say.onDragOver({ active: sectionRow('s-ideas', 'nb-work'), over: notebookRow('nb-home') })).toBe(
      'Moved section "Ideas" to notebook "Home", position 1 of 1.',
    );
    expect(say.onDragOver({ active: notebookRow('nb-home'), over: notebookRow('nb-work') })).toBe(
      'Moved notebook "Home" to position 1 of 2.',
    );
  });

  it('says so when a drag is over nothing, cancelled, or of an untitled page', () => {
    expect(say.onDragOver({ active: launch, over: null })).toBe(
      'Page "Launch plan" is not over a place it can go.',
    );
    expect(say.onDragEnd({ active: launch, over: null })).toBe(
      'Dropped page "Launch plan". It stays where it was.',
    );
    expect(say.onDragCancel({ active: launch, over: null })).toBe(
      'Cancelled moving page "Launch plan". It stays where it was.',
    );
    expect(say.onDragStart({ active: noteRow('p-blank', 's-ideas') })).toBe('Picked up untitled page.');
  });

  it('never speaks raw ids', () => {
    const all = [
      say.onDragStart({ active: launch }),
      say.onDragOver({ active: launch, over: noteRow('p-2', 's-projects') }),
      say.onDragEnd({ active: launch, over: sectionRow('s-projects', 'nb-work') }),
      say.onDragCancel({ active: launch, over: null }),
    ].join(' ');
    expect(all).not.toMatch(/p-launch|s-projects|note:/);
  });

  it('sends a page to the end of a section whose pages are not loaded yet', () => {
    const ideasOnly = sentences(
      notesDragModel(notes, (id) => (id === 's-ideas' ? allLoaded(id) : undefined)),
    );
    expect(ideasOnly.onDragOver({ active: launch, over: sectionRow('s-projects', 'nb-work') })).toBe(
      'Moved page "Launch plan" to the end of section "Projects".',
    );
    expect(ideasOnly.onDragEnd({ active: launch, over: sectionRow('s-projects', 'nb-work') })).toBe(
      'Dropped page "Launch plan" at the end of section "Projects".',
    );
  });
});
