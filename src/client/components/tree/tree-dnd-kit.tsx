import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { accepts, dataOf, dragId } from './tree-dnd.ts';
import { type TreeRowProps, TreeRowView } from './tree-row.tsx';

/**
 * The sidebar's drag and drop with dnd-kit: loaded on the first drag (lazy-dnd.tsx) so that a workspace
 * that only reads and writes never downloads it (~18 KB gzip, docs/performance.md), and imported directly by the
 * todos view, whose task lists drag with it too.
 */

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

export interface TreeDndAccessibility {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
}

export function TreeDndContext(props: {
  onDragEnd(event: DragEndEvent): void;
  accessibility: TreeDndAccessibility;
  children: ReactNode;
}) {
  const sensors = useTreeSensors();
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={treeCollision}
      onDragEnd={props.onDragEnd}
      accessibility={props.accessibility}
    >
      {props.children}
    </DndContext>
  );
}

export function SortableList(props: { items: string[]; children: ReactNode }) {
  return (
    <SortableContext items={props.items} strategy={verticalListSortingStrategy}>
      {props.children}
    </SortableContext>
  );
}

export function SortableTreeRow(props: TreeRowProps) {
  const { kind, id, parentId } = props;
  const sortable = useSortable({
    id: dragId(kind, id),
    data: { kind, id, parentId },
    disabled: props.readOnly || props.renaming,
  });
  const { setNodeRef, transform, transition, isDragging, listeners, attributes, isOver, active } = sortable;
  const dropTarget =
    isOver && props.acceptsFrom !== undefined && active?.data.current?.kind === props.acceptsFrom;
  return (
    <TreeRowView
      {...props}
      drag={{
        setNodeRef,
        style: { transform: CSS.Translate.toString(transform), transition },
        dragging: isDragging,
        dropTarget,
        onRowPointerDown: (event) => listeners?.onPointerDown?.(event),
        handle: { ...attributes, onKeyDown: (event) => listeners?.onKeyDown?.(event) },
      }}
    />
  );
}
