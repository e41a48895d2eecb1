import type { ScreenReaderInstructions } from '@dnd-kit/core';

/**
 * What the sidebar's drag and drop shares with the rest of the workspace, without dnd-kit itself: the
 * kinds, the data each row carries, what may land on what. dnd-kit loads on the first drag
 * (lazy-dnd.tsx); the parts that need it live in tree-dnd-kit.tsx.
 */

/** The kinds of sidebar rows that drag: the notes tree's and the todos tree's. */
export type DragKind = 'notebook' | 'section' | 'note' | 'todo' | 'category' | 'task';

export interface DragData {
  kind: DragKind;
  id: string;
  parentId: string | null;
}

/** What each dragged kind may land on: its siblings, or the row of a new parent. */
export const accepts: Record<DragKind, DragKind[]> = {
  notebook: ['notebook'],
  section: ['section', 'notebook'],
  note: ['note', 'section'],
  todo: ['todo'],
  category: ['category', 'todo'],
  task: ['task', 'category'],
};

/** How the toasts name each kind (a note is a "page" on screen): `Moved page "Plans"`, `Page renamed`. */
export const rowNoun: Record<DragKind, string> = {
  notebook: 'notebook',
  section: 'section',
  note: 'page',
  todo: 'todo',
  category: 'category',
  task: 'task',
};

/** A row's id in the drag (and the target of its Undo offers): `note:<uuid>`. */
export const dragId = (kind: DragKind, id: string) => `${kind}:${id}`;

/**
 * Read out when a drag handle gets focus (its aria-describedby): here, not with the announcements, since
 * the grips carry it before dnd-kit and the announcements are downloaded (lazy-dnd.tsx).
 */
export const dragInstructions: ScreenReaderInstructions = {
  draggable:
    'To move this item, press Space. Then use the arrow keys to move it, Space to drop it, or Escape to cancel.',
};

export const dataOf = (value: { data: { current?: unknown } } | null): DragData | null =>
  (value?.data.current as DragData | undefined) ?? null;

/** `array` with the item at `from` moved to `to` (dnd-kit's arrayMove, without loading dnd-kit). */
export function arrayMove<T>(array: readonly T[], from: number, to: number): T[] {
  const moved = array.slice();
  const [item] = moved.splice(from, 1);
  if (item !== undefined) moved.splice(to < 0 ? moved.length + to : to, 0, item);
  return moved;
}
