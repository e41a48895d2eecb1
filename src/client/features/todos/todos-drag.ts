import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TodosTree } from '../../../shared/schemas/todo.ts';
import { dragAccessibility, readTreeData } from '../../components/tree/drag-announcements.ts';
import { levelsModel } from '../../components/tree/tree-levels.ts';
import { useTreeDrop } from '../../components/tree/use-tree-drop.ts';
import type { TaskMutations } from './hooks/use-tasks.ts';
import type { TodosTreeMutations } from './hooks/use-todos-tree.ts';
import { cachedTasks, todosLevels } from './todos-levels.ts';
import { useTodosMovePorts } from './todos-move.ts';

/** The todos sidebar's onDragEnd: lists, categories and tasks moved through the drop planner. */
export function useTodosDrop(treeMutations: TodosTreeMutations, taskMutations: TaskMutations) {
  return useTreeDrop(useTodosMovePorts(treeMutations, taskMutations));
}

/** The todos sidebar's DndContext `accessibility`: drags announced by name and place. */
export function useTodosDragAccessibility(tree: TodosTree | undefined) {
  const client = useQueryClient();
  return useMemo(
    () =>
      dragAccessibility(
        () => levelsModel(todosLevels(tree, cachedTasks(client))),
        // Upcoming's rows are no tree rows: their drag onto a day says nothing of the tree.
        (entry) => (isPlanDrag(entry) ? null : readTreeData(entry)),
      ),
    [tree, client],
  );
}

/** A task dragged in Upcoming (plan-task-row.tsx) or a day it may land on. */
export const isPlanDrag = (entry: { data: { current?: unknown } } | null) => {
  const kind = (entry?.data.current as { kind?: string } | undefined)?.kind;
  return kind === 'plan-task' || kind === 'day';
};
