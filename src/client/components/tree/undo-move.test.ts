import { describe, expect, it } from 'vitest';
import { restoreAt } from './undo-move.ts';

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
