import {
  type CollisionDetection,
  closestCenter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/** The kinds of sidebar rows that drag: the notes tree's and the todos tree's. */
export type DragKind = 'notebook' | 'section' | 'note' | 'todo' | 'category' | 'task';

export interface DragData {
  kind: DragKind;
  id: string;
  parentId: string | null;
}

/** What each dragged kind may land on: its siblings, or the row of a new parent. */
const accepts: Record<DragKind, DragKind[]> = {
  notebook: ['notebook'],
  section: ['section', 'notebook'],
  note: ['note', 'section'],
  todo: ['todo'],
  category: ['category', 'todo'],
  task: ['task', 'category'],
};

export const dataOf = (value: { data: { current?: unknown } } | null): DragData | null =>
  (value?.data.current as DragData | undefined) ?? null;

/**
 * Only rows a drag may land on count; under the pointer, a sibling wins over the parent row around it
 * (an open notebook's row contains its sections). The keyboard has no pointer: the closest centre wins.
 */
export const treeCollision: CollisionDetection = (args) => {
  const kind = dataOf(args.active)?.kind;
  if (!kind) return [];
  const droppableContainers = args.droppableContainers.filter((c) => {
    const target = dataOf(c);
    return target !== null && accepts[kind].includes(target.kind);
  });
  const within = pointerWithin({ ...args, droppableContainers });
  if (within.length > 0) {
    const kindOf = (id: string | number) => String(id).split(':')[0];
    return [...within].sort((a, b) => Number(kindOf(b.id) === kind) - Number(kindOf(a.id) === kind));
  }
  return closestCenter({ ...args, droppableContainers });
};

export function useTreeSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}
