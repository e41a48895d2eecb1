import { describe, expect, it } from 'vitest';
import { entry, notesTree, sentences, todosTree } from './drag-announcements-test-helpers.ts';
import { levelsModel } from './tree-levels.ts';

const noteRow = (id: string, parentId: string) => entry({ kind: 'note', id, parentId });
const sectionRow = (id: string, parentId: string) => entry({ kind: 'section', id, parentId });
const notebookRow = (id: string) => entry({ kind: 'notebook', id, parentId: null });

describe('drag announcements in the notes tree', () => {
  const say = sentences(levelsModel(notesTree()));
  const launch = noteRow('p-launch', 's-ideas');

  it('names the page picked up, and stays quiet while it is over its own place', () => {
    const fresh = sentences(levelsModel(notesTree()));
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
    const ideasOnly = sentences(levelsModel(notesTree((id) => id === 's-ideas')));
    expect(ideasOnly.onDragOver({ active: launch, over: sectionRow('s-projects', 'nb-work') })).toBe(
      'Moved page "Launch plan" to the end of section "Projects".',
    );
    expect(ideasOnly.onDragEnd({ active: launch, over: sectionRow('s-projects', 'nb-work') })).toBe(
      'Dropped page "Launch plan" at the end of section "Projects".',
    );
  });
});

describe('drag announcements in the todos tree', () => {
  const say = sentences(levelsModel(todosTree()));
  const milk = entry({ kind: 'task', id: 't-milk', parentId: 'c-shop' });

  it('names tasks, categories and lists', () => {
    expect(say.onDragStart({ active: milk })).toBe('Picked up task "Milk".');
    expect(
      say.onDragOver({ active: milk, over: entry({ kind: 'task', id: 't-bread', parentId: 'c-shop' }) }),
    ).toBe('Moved task "Milk" to category "Shopping", position 2 of 2.');
    expect(
      say.onDragOver({
        active: entry({ kind: 'category', id: 'c-home', parentId: 'l-errands' }),
        over: entry({ kind: 'todo', id: 'l-work', parentId: null }),
      }),
    ).toBe('Moved category "Home" to list "Work", position 1 of 1.');
    expect(
      say.onDragEnd({
        active: entry({ kind: 'todo', id: 'l-work', parentId: null }),
        over: entry({ kind: 'todo', id: 'l-errands', parentId: null }),
      }),
    ).toBe('Dropped list "Work" at position 1 of 2.');
  });

  it('sends a task to the end of a category whose tasks are not loaded', () => {
    expect(
      say.onDragOver({
        active: milk,
        over: entry({ kind: 'category', id: 'c-home', parentId: 'l-errands' }),
      }),
    ).toBe('Moved task "Milk" to the end of category "Home".');
  });
});

describe('a tree not loaded yet', () => {
  it('knows no rows, and no parents but the top', () => {
    const model = levelsModel({ ...notesTree(), tops: undefined });
    expect(model.children('notebook', null)).toBeUndefined();
    expect(model.children('section', 'nb-work')).toBeUndefined();
    expect(model.title('section', 's-ideas')).toBeUndefined();
    expect(model.parentOf('note', 'p-1')).toBeUndefined();
    expect(model.parentOf('notebook', 'nb-work')).toBeNull();
  });

  it('knows nothing of the other tree', () => {
    const model = levelsModel(notesTree());
    expect(model.title('task', 'p-1')).toBeUndefined();
    expect(model.children('category', 'nb-work')).toBeUndefined();
    expect(model.parentOf('todo', 'nb-work')).toBeUndefined();
  });
});
