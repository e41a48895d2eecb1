import {
  type CollisionDetection,
  closestCenter,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useCallback } from 'react';
import type { NotesTree } from '../../../../shared/schemas/note.ts';
import { findNote, findSection } from '../tree-ops.ts';
import type { TreeMutations } from './use-notes-tree.ts';

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

/** Turns a drop into one order request (the server rewrites positions in one transaction). */
export function useTreeDrop(tree: NotesTree | undefined, mutations: TreeMutations) {
  return useCallback(
    (event: DragEndEvent) => {
      const from = dataOf(event.active);
      const to = dataOf(event.over);
      if (!tree || !from || !to || from.id === to.id) return;

      if (from.kind === 'notebook' && to.kind === 'notebook') {
        const ids = tree.notebooks.map((n) => n.id);
        mutations.orderNotebooks.mutate(arrayMove(ids, ids.indexOf(from.id), ids.indexOf(to.id)));
        return;
      }

      if (from.kind === 'section') {
        const source = findSection(tree, from.id);
        const targetId = to.kind === 'notebook' ? to.id : findSection(tree, to.id)?.notebook.id;
        const target = tree.notebooks.find((n) => n.id === targetId);
        if (!source || !target) return;
        const ids = target.sections.map((s) => s.id);
        if (source.notebook.id === target.id) {
          if (to.kind === 'notebook') return;
          mutations.orderSections.mutate({
            notebookId: target.id,
            ids: arrayMove(ids, ids.indexOf(from.id), ids.indexOf(to.id)),
          });
        } else {
          const at = to.kind === 'section' ? ids.indexOf(to.id) : ids.length;
          ids.splice(at, 0, from.id);
          mutations.orderSections.mutate({ notebookId: target.id, ids });
        }
        return;
      }

      if (from.kind === 'note') {
        const source = findNote(tree, from.id);
        const targetId = to.kind === 'section' ? to.id : findNote(tree, to.id)?.section.id;
        const target = targetId ? findSection(tree, targetId)?.section : undefined;
        if (!source || !target) return;
        const ids = target.notes.map((n) => n.id);
        if (source.section.id === target.id) {
          if (to.kind === 'section') return;
          mutations.orderNotes.mutate({
            sectionId: target.id,
            ids: arrayMove(ids, ids.indexOf(from.id), ids.indexOf(to.id)),
          });
        } else {
          const at = to.kind === 'note' ? ids.indexOf(to.id) : ids.length;
          ids.splice(at, 0, from.id);
          mutations.orderNotes.mutate({ sectionId: target.id, ids });
        }
      }
    },
    [tree, mutations],
  );
}
