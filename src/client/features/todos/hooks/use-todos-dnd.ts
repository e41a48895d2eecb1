import type { DragEndEvent } from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { CategoryTasksResponse } from '../../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { arrayMove, dataOf } from '../../../components/tree/tree-dnd.ts';
import { restoreAt } from '../../../components/tree/undo-move.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { todoKeys, todosApi } from '../api.ts';
import { findCategory } from '../todos-tree-ops.ts';
import type { TaskMutations } from './use-tasks.ts';
import type { TodosTreeMutations } from './use-todos-tree.ts';

/**
 * Turns a drop in the todos view into one order request (the server rewrites positions in one
 * transaction): todos among todos; a category among categories or onto a todo row; a task among the
 * listed tasks or onto a category row (it then goes to the end of that category). Each move, once the
 * server has it, offers Undo: the item goes back to its old parent and index (issue 14.3).
 */
export function useTodosDrop(
  tree: TodosTree | undefined,
  treeMutations: TodosTreeMutations,
  taskMutations: TaskMutations,
) {
  const client = useQueryClient();
  const { offerUndo } = useToasts();
  return useCallback(
    (event: DragEndEvent) => {
      const from = dataOf(event.active);
      const to = dataOf(event.over);
      if (!tree || !from || !to || from.id === to.id) return;
      const treeNow = () => client.getQueryData<TodosTree>(todoKeys.tree);
      const listOf = (categoryId: string) =>
        client.getQueryData<CategoryTasksResponse>(todoKeys.tasks(categoryId))?.tasks.map((t) => t.id);

      if (from.kind === 'todo' && to.kind === 'todo') {
        const ids = tree.todos.map((t) => t.id);
        const was = ids.indexOf(from.id);
        const title = tree.todos[was]?.title ?? '';
        treeMutations.orderTodos.mutate(arrayMove(ids, was, ids.indexOf(to.id)), {
          onSuccess: () =>
            offerUndo({
              message: messages.undo.moved('todo', title),
              targets: [`todo:${from.id}`],
              undo: () => {
                const now = treeNow();
                if (now)
                  treeMutations.orderTodos.mutate(
                    restoreAt(
                      now.todos.map((t) => t.id),
                      from.id,
                      was,
                    ),
                  );
              },
            }),
        });
        return;
      }

      if (from.kind === 'category') {
        const source = findCategory(tree, from.id);
        const targetId = to.kind === 'todo' ? to.id : findCategory(tree, to.id)?.todo.id;
        const target = tree.todos.find((t) => t.id === targetId);
        if (!source || !target) return;
        const was = source.todo.categories.findIndex((c) => c.id === from.id);
        const ids = target.categories.map((c) => c.id);
        let next: string[];
        if (source.todo.id === target.id) {
          if (to.kind === 'todo') return;
          next = arrayMove(ids, ids.indexOf(from.id), ids.indexOf(to.id));
        } else {
          ids.splice(to.kind === 'category' ? ids.indexOf(to.id) : ids.length, 0, from.id);
          next = ids;
        }
        // A category that changes todo takes its tasks along; their cached lists are stale.
        const refreshTasks = () => void client.invalidateQueries({ queryKey: todoKeys.tasks(from.id) });
        treeMutations.orderCategories.mutate(
          { todoId: target.id, ids: next },
          {
            onSuccess: () => {
              if (source.todo.id !== target.id) refreshTasks();
              offerUndo({
                message: messages.undo.moved('category', source.category.title),
                targets: [`category:${from.id}`],
                undo: () => {
                  const back = treeNow()?.todos.find((t) => t.id === source.todo.id);
                  if (!back) return;
                  const ids = restoreAt(
                    back.categories.map((c) => c.id),
                    from.id,
                    was,
                  );
                  treeMutations.orderCategories.mutate(
                    { todoId: back.id, ids },
                    { onSuccess: source.todo.id !== target.id ? refreshTasks : undefined },
                  );
                },
              });
            },
          },
        );
        return;
      }

      if (from.kind === 'task' && from.parentId) {
        const sourceId = from.parentId;
        const targetId = to.kind === 'category' ? to.id : to.kind === 'task' ? to.parentId : null;
        if (!targetId) return;
        const sourceIds = listOf(sourceId) ?? [];
        const was = sourceIds.indexOf(from.id);
        const text =
          client
            .getQueryData<CategoryTasksResponse>(todoKeys.tasks(sourceId))
            ?.tasks.find((t) => t.id === from.id)?.text ?? '';
        const offer = (movedTo: string) =>
          offerUndo({
            message: messages.undo.moved('task', text),
            targets: [`task:${from.id}`],
            undo: () =>
              taskMutations.orderTasks.mutate({
                categoryId: sourceId,
                ids: restoreAt(listOf(sourceId) ?? [], from.id, was),
                from: movedTo === sourceId ? undefined : movedTo,
              }),
          });
        if (sourceId === targetId) {
          if (to.kind === 'category') return;
          const ordered = arrayMove(sourceIds, was, sourceIds.indexOf(to.id));
          taskMutations.orderTasks.mutate(
            { categoryId: targetId, ids: ordered },
            { onSuccess: () => offer(targetId) },
          );
          return;
        }
        const append = () =>
          taskMutations.orderTasks.mutate(
            { categoryId: targetId, ids: [...(listOf(targetId) ?? []), from.id], from: sourceId },
            { onSuccess: () => offer(targetId) },
          );
        if (listOf(targetId)) append();
        else {
          // The target category's tasks are not loaded yet: ask for them, then append.
          void client
            .fetchQuery({
              queryKey: todoKeys.tasks(targetId),
              queryFn: ({ signal }) => todosApi.tasks(targetId, signal),
            })
            .then(append);
        }
      }
    },
    [tree, treeMutations, taskMutations, client, offerUndo],
  );
}
