import type { DragEndEvent } from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CategoryTasksResponse } from '../../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { dataOf } from '../../../components/tree/tree-dnd.ts';
import { todoKeys, todosApi } from '../api.ts';
import { findCategory } from '../todos-tree-ops.ts';
import type { TaskMutations } from './use-tasks.ts';
import type { TodosTreeMutations } from './use-todos-tree.ts';

/**
 * Turns a drop in the todos view into one order request (the server rewrites positions in one
 * transaction): todos among todos; a category among categories or onto a todo row; a task among the
 * listed tasks or onto a category row (it then goes to the end of that category).
 */
export function useTodosDrop(
  tree: TodosTree | undefined,
  treeMutations: TodosTreeMutations,
  taskMutations: TaskMutations,
) {
  const client = useQueryClient();
  return useCallback(
    (event: DragEndEvent) => {
      const from = dataOf(event.active);
      const to = dataOf(event.over);
      if (!tree || !from || !to || from.id === to.id) return;

      if (from.kind === 'todo' && to.kind === 'todo') {
        const ids = tree.todos.map((t) => t.id);
        treeMutations.orderTodos.mutate(arrayMove(ids, ids.indexOf(from.id), ids.indexOf(to.id)));
        return;
      }

      if (from.kind === 'category') {
        const source = findCategory(tree, from.id);
        const targetId = to.kind === 'todo' ? to.id : findCategory(tree, to.id)?.todo.id;
        const target = tree.todos.find((t) => t.id === targetId);
        if (!source || !target) return;
        const ids = target.categories.map((c) => c.id);
        if (source.todo.id === target.id) {
          if (to.kind === 'todo') return;
          const ordered = arrayMove(ids, ids.indexOf(from.id), ids.indexOf(to.id));
          treeMutations.orderCategories.mutate({ todoId: target.id, ids: ordered });
        } else {
          ids.splice(to.kind === 'category' ? ids.indexOf(to.id) : ids.length, 0, from.id);
          treeMutations.orderCategories.mutate({ todoId: target.id, ids });
          // The moved category's tasks now belong to another todo; their cached lists are stale.
          void client.invalidateQueries({ queryKey: todoKeys.tasks(from.id) });
        }
        return;
      }

      if (from.kind === 'task' && from.parentId) {
        const sourceId = from.parentId;
        const targetId = to.kind === 'category' ? to.id : to.kind === 'task' ? to.parentId : null;
        if (!targetId) return;
        const listOf = (categoryId: string) =>
          client.getQueryData<CategoryTasksResponse>(todoKeys.tasks(categoryId))?.tasks.map((t) => t.id);
        if (sourceId === targetId) {
          if (to.kind === 'category') return;
          const ids = listOf(targetId) ?? [];
          const ordered = arrayMove(ids, ids.indexOf(from.id), ids.indexOf(to.id));
          taskMutations.orderTasks.mutate({ categoryId: targetId, ids: ordered });
          return;
        }
        const target = listOf(targetId);
        if (target) {
          taskMutations.orderTasks.mutate({
            categoryId: targetId,
            ids: [...target, from.id],
            from: sourceId,
          });
        } else {
          // The target category's tasks are not loaded yet: ask for them, then append.
          void client
            .fetchQuery({
              queryKey: todoKeys.tasks(targetId),
              queryFn: ({ signal }) => todosApi.tasks(targetId, signal),
            })
            .then(() =>
              taskMutations.orderTasks.mutate({
                categoryId: targetId,
                ids: [...(listOf(targetId) ?? []), from.id],
                from: sourceId,
              }),
            );
        }
      }
    },
    [tree, treeMutations, taskMutations, client],
  );
}
