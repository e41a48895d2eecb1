import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { selectionBuilder, useStoredSelection } from './use-stored-selection.ts';

const fields = ['listId', 'groupId', 'itemId'] as const;
const key = 'test-tree-selection';

describe('useStoredSelection', () => {
  afterEach(() => localStorage.clear());

  it('builds a selection from the top down, what is not named being null', () => {
    const at = selectionBuilder(fields);
    expect(at('l')).toEqual({ listId: 'l', groupId: null, itemId: null });
    expect(at('l', 'g', 'i')).toEqual({ listId: 'l', groupId: 'g', itemId: 'i' });
  });

  it('remembers what was selected, for the next visit', () => {
    const first = renderHook(() => useStoredSelection(key, fields));
    act(() => first.result.current.select({ listId: 'l', groupId: 'g', itemId: null }));
    expect(first.result.current.chosen).toEqual({ listId: 'l', groupId: 'g', itemId: null });
    const next = renderHook(() => useStoredSelection(key, fields));
    expect(next.result.current.chosen).toEqual({ listId: 'l', groupId: 'g', itemId: null });
  });

  it('reads anything it cannot use as nothing chosen', () => {
    localStorage.setItem(key, '{not json');
    expect(renderHook(() => useStoredSelection(key, fields)).result.current.chosen).toEqual({
      listId: null,
      groupId: null,
      itemId: null,
    });
    localStorage.setItem(key, JSON.stringify({ listId: 7, groupId: 'g' }));
    expect(renderHook(() => useStoredSelection(key, fields)).result.current.chosen).toEqual({
      listId: null,
      groupId: 'g',
      itemId: null,
    });
  });
});
