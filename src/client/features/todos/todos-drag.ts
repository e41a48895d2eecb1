import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TaskListItem } from '../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../shared/schemas/todo.ts';
import { dragAccessibility, readTreeData } from '../../components/tree/drag-announcements.ts';
import type { TreeMove } from '../../components/tree/drop-planner.ts';
import { levelsModel } from '../../components/tree/tree-levels.ts';
import { type TreeDropPorts, useTreeDrop } from '../../components/tree/use-tree-drop.ts';
import { todoKeys } from './api.ts';
import { categoryTasksQuery, type TaskMutations } from './hooks/use-tasks.ts';
import type { TodosTreeMutations } from './hooks/use-todos-tree.ts';
import { cachedTasks, todosLevels } from './todos-levels.ts';

/** The todos sidebar's onDragEnd: lists, categories and tasks moved through the drop planner. */
export function useTodosDrop(treeMutations: TodosTreeMutations, taskMutations: TaskMutations) {
  const client = useQueryClient();
  const ports = useMemo<TreeDropPorts<TaskListItem>>(() => {
    // A category that changes list takes its tasks along; their cached lists are stale.
    const refreshTasks = (categoryId: string) =>
      void client.invalidateQueries({ queryKey: todoKeys.tasks(categoryId) });
    const order = (move: TreeMove, onSuccess?: () => void) => {
      const { kind, parentId, ids } = move;
      if (kind === 'todo') treeMutations.orderTodos.mutate(ids, { onSuccess });
      else if (parentId === null) return;
      else if (kind === 'task')
        taskMutations.orderTasks.mutate({ categoryId: parentId, ids, from: move.from }, { onSuccess });
      else if (kind === 'category') {
        const moved = () => {
          if (move.from) refreshTasks(move.id);
          onSuccess?.();
        };
        treeMutations.orderCategories.mutate({ todoId: parentId, ids }, { onSuccess: moved });
      }
    };
    return {
      levels: () => todosLevels(client.getQueryData<TodosTree>(todoKeys.tree), cachedTasks(client)),
      order,
      loadLeaves: (categoryId) => client.fetchQuery(categoryTasksQuery(categoryId)),
    };
  }, [client, treeMutations, taskMutations]);
  return useTreeDrop(ports);
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
