import { describe, expect, it } from 'vitest';
import { data, notesPages, notesTree, todosTree } from './drag-announcements-test-helpers.ts';
import { type MovePlan, planDrop, planUndo, restoreAt } from './drop-planner.ts';
import type { TitledRow, TreeLevels } from './tree-levels.ts';

const notes = notesTree();
const move = (plan: ReturnType<typeof planDrop>) => (plan && 'move' in plan ? plan.move : null);

describe('planDrop: reordering among siblings', () => {
  it('moves a top row to the place of the row it is dropped on', () => {
    expect(planDrop(notes, data('notebook', 'nb-home'), data('notebook', 'nb-work'))).toEqual({
      move: { kind: 'notebook', id: 'nb-home', parentId: null, ids: ['nb-home', 'nb-work'], from: undefined },
      was: { parentId: null, index: 1 },
      title: 'Home',
    });
  });

  it('reorders sections and pages within their parent', () => {
    expect(
      move(planDrop(notes, data('section', 's-ideas', 'nb-work'), data('section', 's-projects', 'nb-work'))),
    ).toEqual({
      kind: 'section',
      id: 's-ideas',
      parentId: 'nb-work',
      ids: ['s-ideas', 's-projects'],
      from: undefined,
    });
    expect(
      move(planDrop(notes, data('note', 'p-1', 's-projects'), data('note', 'p-3', 's-projects'))),
    ).toEqual({
      kind: 'note',
      id: 'p-1',
      parentId: 's-projects',
      ids: ['p-2', 'p-3', 'p-1', 'p-4'],
      from: undefined,
    });
  });

  it('does nothing for a row dropped on itself or on its own parent', () => {
    expect(planDrop(notes, data('note', 'p-1', 's-projects'), data('note', 'p-1', 's-projects'))).toBeNull();
    expect(
      planDrop(notes, data('note', 'p-4', 's-projects'), data('section', 's-projects', 'nb-work')),
    ).toBeNull();
    expect(planDrop(notes, data('section', 's-ideas', 'nb-work'), data('notebook', 'nb-work'))).toBeNull();
  });

  it('does nothing over a row of the wrong level, or for rows the tree does not know', () => {
    expect(planDrop(notes, data('notebook', 'nb-home'), data('section', 's-ideas', 'nb-work'))).toBeNull();
    expect(planDrop(notes, data('note', 'p-1', 's-projects'), data('notebook', 'nb-work'))).toBeNull();
    expect(planDrop(notes, data('section', 's-gone', 'nb-work'), data('notebook', 'nb-home'))).toBeNull();
    expect(planDrop(notes, data('task', 't-1', 'c-1'), data('task', 't-2', 'c-1'))).toBeNull();
    expect(
      planDrop({ ...notes, tops: undefined }, data('notebook', 'nb-home'), data('notebook', 'nb-work')),
    ).toBeNull();
  });
});

describe('planDrop: moving to another parent', () => {
  it('sends a middle row to the end of a parent row, or to the place of a sibling there', () => {
    const toHome = planDrop(notes, data('section', 's-ideas', 'nb-work'), data('notebook', 'nb-home'));
    expect(toHome).toEqual({
      move: { kind: 'section', id: 's-ideas', parentId: 'nb-home', ids: ['s-ideas'], from: 'nb-work' },
      was: { parentId: 'nb-work', index: 1 },
      title: 'Ideas',
    });
    const todos = todosTree();
    const withWork = {
      ...todos,
      tops: todos.tops?.map((t) => (t.id === 'l-work' ? { ...t, children: [{ id: 'c-w', title: 'W' }] } : t)),
    };
    expect(
      move(planDrop(withWork, data('category', 'c-home', 'l-errands'), data('category', 'c-w', 'l-work'))),
    ).toEqual({
      kind: 'category',
      id: 'c-home',
      parentId: 'l-work',
      ids: ['c-home', 'c-w'],
      from: 'l-errands',
    });
  });

  it('inserts a leaf at the place of the leaf it is dropped on, or at the end of a parent row', () => {
    const launch = data('note', 'p-launch', 's-ideas');
    expect(planDrop(notes, launch, data('note', 'p-2', 's-projects'))).toEqual({
      move: {
        kind: 'note',
        id: 'p-launch',
        parentId: 's-projects',
        ids: ['p-1', 'p-launch', 'p-2', 'p-3', 'p-4'],
        from: 's-ideas',
      },
      was: { parentId: 's-ideas', index: 0 },
      title: 'Launch plan',
    });
    expect(move(planDrop(notes, launch, data('section', 's-projects', 'nb-work')))?.ids).toEqual([
      'p-1',
      'p-2',
      'p-3',
      'p-4',
      'p-launch',
    ]);
  });

  it('asks for the leaves of a parent not loaded yet, and plans again once they are', () => {
    const todos = todosTree();
    const milk = data('task', 't-milk', 'c-shop');
    const home = data('category', 'c-home', 'l-errands');
    expect(planDrop(todos, milk, home)).toEqual({ load: 'c-home' });
    const loaded: TreeLevels<{ id: string; text: string }> = {
      ...todos,
      leavesOf: (id) => (id === 'c-home' ? [{ id: 't-soap', text: 'Soap' }] : todos.leavesOf(id)),
    };
    expect(planDrop(loaded, milk, home)).toEqual({
      move: { kind: 'task', id: 't-milk', parentId: 'c-home', ids: ['t-soap', 't-milk'], from: 'c-shop' },
      was: { parentId: 'c-shop', index: 0 },
      title: 'Milk',
    });
  });

  it('never asks to load the rows of a middle level: a parent not in the tree is no place', () => {
    expect(planDrop(notes, data('section', 's-ideas', 'nb-work'), data('notebook', 'nb-gone'))).toBeNull();
  });
});

describe('planUndo', () => {
  const planOf = (plan: ReturnType<typeof planDrop>) => plan as MovePlan;

  it('puts a reordered row back at its index, against the order as it is now', () => {
    const plan = planOf(
      planDrop(notes, data('note', 'p-1', 's-projects'), data('note', 'p-3', 's-projects')),
    );
    const moved: Record<string, TitledRow[]> = {
      ...notesPages,
      's-projects': plan.move.ids.map((id) => ({ id, title: id })),
    };
    const now: TreeLevels = { ...notes, leavesOf: (id) => moved[id] };
    expect(planUndo(now, plan)).toEqual({
      kind: 'note',
      id: 'p-1',
      parentId: 's-projects',
      ids: ['p-1', 'p-2', 'p-3', 'p-4'],
      from: undefined,
    });
  });

  it('sends a row that changed parent back, naming the parent it leaves', () => {
    const plan = planOf(planDrop(notes, data('section', 's-ideas', 'nb-work'), data('notebook', 'nb-home')));
    const now: TreeLevels = {
      ...notes,
      tops: [
        { id: 'nb-work', title: 'Work', children: [{ id: 's-projects', title: 'Projects' }] },
        { id: 'nb-home', title: 'Home', children: [{ id: 's-ideas', title: 'Ideas' }] },
      ],
    };
    expect(planUndo(now, plan)).toEqual({
      kind: 'section',
      id: 's-ideas',
      parentId: 'nb-work',
      ids: ['s-projects', 's-ideas'],
      from: 'nb-home',
    });
  });

  it('does nothing when the old parent is gone or its rows are not loaded', () => {
    const plan = planOf(planDrop(notes, data('section', 's-ideas', 'nb-work'), data('notebook', 'nb-home')));
    expect(planUndo({ ...notes, tops: notes.tops?.filter((t) => t.id !== 'nb-work') }, plan)).toBeNull();
    const page = planOf(
      planDrop(notes, data('note', 'p-1', 's-projects'), data('note', 'p-3', 's-projects')),
    );
    expect(planUndo({ ...notes, leavesOf: () => undefined }, page)).toBeNull();
  });
});

describe('restoreAt', () => {
  it('puts a reordered item back where it was', () => {
    // a moved from 0 to 2: [b, c, a] → [a, b, c].
    expect(restoreAt(['b', 'c', 'a'], 'a', 0)).toEqual(['a', 'b', 'c']);
  });

  it('puts an item that left for another parent back among its old siblings', () => {
    expect(restoreAt(['a', 'c'], 'b', 1)).toEqual(['a', 'b', 'c']);
  });

  it('keeps siblings added since and clamps to the end when siblings were deleted since', () => {
    expect(restoreAt(['a', 'new', 'c'], 'b', 1)).toEqual(['a', 'b', 'new', 'c']);
    expect(restoreAt(['a'], 'b', 5)).toEqual(['a', 'b']);
    expect(restoreAt([], 'b', -1)).toEqual(['b']);
  });

  it('lists the item once even when it is still there', () => {
    expect(restoreAt(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
  });
});
