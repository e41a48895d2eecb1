import { describe, expect, it } from 'vitest';
import { notesTree } from './drag-announcements-test-helpers.ts';
import { firstRemaining, selectedAfterDelete } from './siblings.ts';

describe('selectedAfterDelete', () => {
  const notes = notesTree();
  const open = { top: 'nb-work', middle: 's-projects' };

  it('selects the first remaining top row when the selected top row goes', () => {
    expect(selectedAfterDelete(notes, { kind: 'notebook', id: 'nb-work' }, open)).toEqual({
      top: 'nb-home',
      middle: null,
    });
  });

  it('selects the first remaining sibling under the same parent when the selected middle row goes', () => {
    expect(selectedAfterDelete(notes, { kind: 'section', id: 's-projects' }, open)).toEqual({
      top: 'nb-work',
      middle: 's-ideas',
    });
  });

  it('leaves the selection alone when the deleted row is not selected, or is a leaf', () => {
    expect(selectedAfterDelete(notes, { kind: 'notebook', id: 'nb-home' }, open)).toBeNull();
    expect(selectedAfterDelete(notes, { kind: 'section', id: 's-ideas' }, open)).toBeNull();
    expect(
      selectedAfterDelete(notes, { kind: 'note', id: 'p-1' }, { top: 'nb-work', middle: 'p-1' }),
    ).toBeNull();
  });

  it('selects nothing when no sibling remains', () => {
    const alone = { ...notes, tops: [{ id: 'nb-1', title: 'One', children: [{ id: 's-1', title: 'S' }] }] };
    expect(
      selectedAfterDelete(alone, { kind: 'notebook', id: 'nb-1' }, { top: 'nb-1', middle: null }),
    ).toEqual({
      top: null,
      middle: null,
    });
    expect(
      selectedAfterDelete(alone, { kind: 'section', id: 's-1' }, { top: 'nb-1', middle: 's-1' }),
    ).toEqual({
      top: 'nb-1',
      middle: null,
    });
  });
});

describe('firstRemaining', () => {
  it('is the first item that is not the removed one', () => {
    expect(firstRemaining([{ id: 'a' }, { id: 'b' }], 'a')).toBe('b');
    expect(firstRemaining([{ id: 'a' }, { id: 'b' }], 'b')).toBe('a');
    expect(firstRemaining([{ id: 'a' }], 'a')).toBeNull();
  });
});
