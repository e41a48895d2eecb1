import { dropPlace } from './drag-announcements.ts';
import { arrayMove, type DragData, type DragKind } from './tree-dnd.ts';
import { levelsModel, type TreeLevels } from './tree-levels.ts';

/**
 * What a drop in a sidebar tree does, for both trees: one order request (the server rewrites the
 * positions in one transaction) and, once the server has it, an Undo that puts the row back. Pure: the
 * tree's levels and the drag's two rows in, the request out. The place is the one the drag announcements
 * read out (dropPlace), so what a screen reader hears is where the row lands.
 */

/** `ids` becomes the order of `parentId`'s rows of `kind` (null: the top rows). */
export interface TreeMove {
  kind: DragKind;
  /** The row that moved. */
  id: string;
  parentId: string | null;
  ids: string[];
  /** The parent the row left, when it changed parent (its list and counts change too). */
  from?: string;
}

export interface MovePlan {
  move: TreeMove;
  /** Where the row was: its parent and index there, for Undo. */
  was: { parentId: string | null; index: number };
  title: string;
}

/** A leaf dropped on a parent whose leaves are not loaded: they are asked for first, then planned again. */
export interface LoadFirst {
  load: string;
}

/**
 * A drop of `from` on `to`: over a sibling, the row takes that sibling's place (among its siblings, or
 * inserted there when it comes from another parent); over a parent row, it goes to that parent's end,
 * or stays where it is when that parent is already its own. Null when nothing moves.
 */
export function planDrop<Leaf extends { id: string }>(
  levels: TreeLevels<Leaf>,
  from: DragData,
  to: DragData,
): MovePlan | LoadFirst | null {
  if (!levels.kinds.includes(from.kind)) return null;
  const model = levelsModel(levels);
  const place = dropPlace(model, from, to);
  const source = model.parentOf(from.kind, from.id);
  if (!place || source === undefined) return null;
  const siblings = model.children(from.kind, place.parentId);
  if (!siblings || place.position === null) {
    const leaf = from.kind === levels.kinds[2];
    return leaf && place.parentId !== null ? { load: place.parentId } : null;
  }
  const index = place.position - 1;
  const own = siblings.indexOf(from.id);
  const sameParent = source === place.parentId;
  if (sameParent && own === index) return null;
  const ids = sameParent
    ? arrayMove(siblings, own, index)
    : [...siblings.slice(0, index), from.id, ...siblings.slice(index)];
  return {
    move: {
      kind: from.kind,
      id: from.id,
      parentId: place.parentId,
      ids,
      from: sameParent ? undefined : (source ?? undefined),
    },
    was: { parentId: source, index: model.children(from.kind, source)?.indexOf(from.id) ?? -1 },
    title: model.title(from.kind, from.id) ?? '',
  };
}

/**
 * The move that undoes `plan`, made against the tree as it is NOW: the row goes back to its old parent
 * and index. Null when that parent is gone or its rows are not loaded.
 */
export function planUndo<Leaf extends { id: string }>(
  levels: TreeLevels<Leaf>,
  plan: MovePlan,
): TreeMove | null {
  const { kind, id, parentId: movedTo } = plan.move;
  const back = plan.was.parentId;
  const current = levelsModel(levels).children(kind, back);
  if (!current) return null;
  return {
    kind,
    id,
    parentId: back,
    ids: restoreAt(current, id, plan.was.index),
    from: movedTo === back ? undefined : (movedTo ?? undefined),
  };
}

/**
 * The inverse of a move, made against the order as it is NOW: `id` goes back to the index it had, among
 * whatever siblings the parent holds when Undo is pressed. Replaying the old id list instead would drop
 * a sibling added since, or name one deleted since (the server refuses both).
 */
export function restoreAt(current: readonly string[], id: string, index: number): string[] {
  const rest = current.filter((other) => other !== id);
  const at = Math.max(0, Math.min(index, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
