import { type CollisionDetection, DndContext, type DragEndEvent, pointerWithin } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import type { PlanEntry } from '../../../../shared/domain/upcoming-days.ts';
import { TreeDndProvider } from '../../../components/tree/lazy-dnd.tsx';
import * as treeDndKit from '../../../components/tree/tree-dnd-kit.tsx';
import type { TodosWorkspace } from '../hooks/use-todos-workspace.ts';
import { isPlanDrag, useTodosDragAccessibility, useTodosDrop } from '../todos-drag.ts';

/** Upcoming's drags land on days only; every other drag is the tree's. */
const collision: CollisionDetection = (args) => {
  if (!isPlanDrag(args.active)) return treeDndKit.treeCollision(args);
  const days = args.droppableContainers.filter((container) => isPlanDrag(container));
  return pointerWithin({ ...args, droppableContainers: days });
};

/**
 * The todos view's one drag and drop context, around the sidebar and the content area both: a task
 * dragged from the list lands on a category of the tree, and Upcoming's tasks on another day.
 */
export function TodosDnd({ todos, children }: { todos: TodosWorkspace; children: ReactNode }) {
  const sensors = treeDndKit.useTreeSensors();
  const treeDrop = useTodosDrop(todos.treeMutations, todos.taskMutations);
  const accessibility = useTodosDragAccessibility(todos.tree);
  const onDragEnd = (event: DragEndEvent) => {
    if (!isPlanDrag(event.active)) return treeDrop(event);
    const task = (event.active.data.current as { task?: PlanEntry } | undefined)?.task;
    const day = (event.over?.data.current as { date?: string } | undefined)?.date;
    if (task && day && day !== task.dueDate) todos.editTask({ ...task, subtasks: [] }, { dueDate: day });
  };
  return (
    <TreeDndProvider value={treeDndKit}>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragEnd={onDragEnd}
        accessibility={accessibility}
      >
        {children}
      </DndContext>
    </TreeDndProvider>
  );
}
