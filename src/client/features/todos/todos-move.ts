import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TaskListItem } from '../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../shared/schemas/todo.ts';
import type { TreeMove } from '../../components/tree/drop-planner.ts';
import type { TreeDropPorts } from '../../components/tree/use-tree-drop.ts';
import { todoKeys } from './api.ts';
import { categoryTasksQuery, type TaskMutations } from './hooks/use-tasks.ts';
import type { TodosTreeMutations } from './hooks/use-todos-tree.ts';
import { cachedTasks, todosLevels } from './todos-levels.ts';

/** How the todos tree moves a row: its levels from the caches and its order requests (drag and Move to…). */
export function useTodosMovePorts(
  treeMutations: TodosTreeMutations,
  taskMutations: TaskMutations,
): TreeDropPorts<TaskListItem> {
  const client = useQueryClient();
  return useMemo<TreeDropPorts<TaskListItem>>(() => {
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
}
