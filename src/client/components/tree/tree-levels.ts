import type { DragModel } from './drag-announcements.ts';
import type { DragKind } from './tree-dnd.ts';

/**
 * A sidebar tree as its three levels: notebooks > sections > pages, or lists > categories > tasks. The
 * top two levels come with the tree's one query; the leaves load per parent into caches of their own, so
 * a parent whose leaves are not loaded has none to count (a leaf dropped there goes to its end).
 */

export interface TitledRow {
  id: string;
  title: string;
}

export interface TopRow extends TitledRow {
  children: readonly TitledRow[];
}

export interface TreeLevels<Leaf extends { id: string } = TitledRow> {
  kinds: readonly [top: DragKind, middle: DragKind, leaf: DragKind];
  /** The top rows in order, each with its children; undefined while the tree is not loaded. */
  tops: readonly TopRow[] | undefined;
  /** A middle row's leaves in order; undefined while they are not loaded. */
  leavesOf(parentId: string): readonly Leaf[] | undefined;
  leafTitle(leaf: Leaf): string;
}

/** Where a middle row is: it and its top row. */
export function findMiddle(tops: readonly TopRow[] | undefined, id: string) {
  for (const top of tops ?? []) {
    const middle = top.children.find((row) => row.id === id);
    if (middle) return { top, middle };
  }
  return undefined;
}

function findLeaf<Leaf extends { id: string }>(levels: TreeLevels<Leaf>, id: string) {
  for (const top of levels.tops ?? []) {
    for (const middle of top.children) {
      const leaf = levels.leavesOf(middle.id)?.find((row) => row.id === id);
      if (leaf) return { leaf, parentId: middle.id };
    }
  }
  return undefined;
}

/** The tree as the drag announcements and the drop planner read it. */
export function levelsModel<Leaf extends { id: string }>(levels: TreeLevels<Leaf>): DragModel {
  const [topKind, middleKind, leafKind] = levels.kinds;
  const { tops } = levels;
  return {
    title(kind, id) {
      if (kind === topKind) return tops?.find((top) => top.id === id)?.title;
      if (kind === middleKind) return findMiddle(tops, id)?.middle.title;
      if (kind !== leafKind) return undefined;
      const found = findLeaf(levels, id);
      return found && levels.leafTitle(found.leaf);
    },
    children(kind, parentId) {
      if (kind === topKind) return tops?.map((top) => top.id);
      if (kind === middleKind) return tops?.find((top) => top.id === parentId)?.children.map((row) => row.id);
      if (kind === leafKind && parentId) return levels.leavesOf(parentId)?.map((leaf) => leaf.id);
      return undefined;
    },
    parentOf(kind, id) {
      if (kind === topKind) return null;
      if (kind === middleKind) return findMiddle(tops, id)?.top.id;
      if (kind === leafKind) return findLeaf(levels, id)?.parentId;
      return undefined;
    },
  };
}
