import type { DragKind } from './tree-dnd.ts';
import { findMiddle, type TreeLevels } from './tree-levels.ts';

/**
 * What the selection falls back to when its row is deleted: the first remaining sibling, in the notes
 * tree (notebooks, sections, pages) and the todos tree (todos, categories, tasks) alike.
 */
export function firstRemaining<T extends { id: string }>(
  items: readonly T[],
  removedId: string,
): string | null {
  return items.find((item) => item.id !== removedId)?.id ?? null;
}

/**
 * The selected top and middle rows once the top or middle row `id` of `kind` is deleted: its first
 * remaining sibling takes its place (with nothing open below it). Null when the selection was not that
 * row, and so stays as it is.
 */
export function selectedAfterDelete<Leaf extends { id: string }>(
  levels: TreeLevels<Leaf>,
  deleted: { kind: DragKind; id: string },
  selected: { top: string | null; middle: string | null },
): { top: string | null; middle: string | null } | null {
  const { kind, id } = deleted;
  if (kind === levels.kinds[0]) {
    return selected.top === id ? { top: firstRemaining(levels.tops ?? [], id), middle: null } : null;
  }
  const found = kind === levels.kinds[1] ? findMiddle(levels.tops, id) : undefined;
  if (!found || selected.middle !== id) return null;
  return { top: found.top.id, middle: firstRemaining(found.top.children, id) };
}
