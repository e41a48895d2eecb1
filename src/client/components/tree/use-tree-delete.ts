import { useState } from 'react';
import { useToasts } from '../../lib/toasts.tsx';
import { selectedAfterDelete } from './siblings.ts';
import { type DragKind, dragId } from './tree-dnd.ts';
import type { TreeLevels } from './tree-levels.ts';

/** The selection's top and middle rows, as the delete's fallback reads and sets them. */
interface SelectedRows {
  top: string | null;
  middle: string | null;
}

interface TreeDelete<Leaf extends { id: string }> {
  /** The tree's levels; undefined while it is not loaded (nothing is deleted then). */
  levels: TreeLevels<Leaf> | undefined;
  selected: SelectedRows;
  /** Selects the rows that take a deleted top or middle row's place (nothing open below them). */
  reselect(next: SelectedRows): void;
}

/**
 * A tree's delete: the one asked for (`pendingDelete`, which the feature's dialog confirms) and its
 * confirmation. A deleted row's Undo offers go first (no toast may bring back a change to it); a
 * deleted selected top or middle row gives way to its first remaining sibling; `remove` then does the
 * feature's part (the request, and a deleted leaf's own fallback).
 */
export function useTreeDelete<R extends { kind: DragKind; id: string }, Leaf extends { id: string }>(
  tree: TreeDelete<Leaf>,
  remove: (request: R) => void,
) {
  const { forgetUndo } = useToasts();
  const [pendingDelete, setPendingDelete] = useState<R | null>(null);
  const confirmDelete = () => {
    if (!pendingDelete || !tree.levels) return;
    forgetUndo(dragId(pendingDelete.kind, pendingDelete.id));
    const next = selectedAfterDelete(tree.levels, pendingDelete, tree.selected);
    if (next) tree.reselect(next);
    remove(pendingDelete);
  };
  return { pendingDelete, setPendingDelete, confirmDelete };
}
