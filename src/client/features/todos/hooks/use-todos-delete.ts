import { useQueryClient } from '@tanstack/react-query';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { firstRemaining } from '../../../components/tree/siblings.ts';
import { useTreeDelete } from '../../../components/tree/use-tree-delete.ts';
import { todoKeys } from '../api.ts';
import { todosLevels } from '../todos-levels.ts';
import type { TaskMutations, TaskRef } from './use-tasks.ts';
import { todoSelectionAt } from './use-todo-selection.ts';
import type { TodosNavigation } from './use-todos-navigation.ts';
import type { TodosTreeMutations } from './use-todos-tree.ts';

export type TodoDeleteRequest =
  | { kind: 'todo'; id: string; title: string }
  | { kind: 'category'; id: string; title: string }
  | { kind: 'task'; id: string; title: string; task: TaskRef };

/** Deleting todos, categories and tasks: a deleted selection falls to its first remaining sibling. */
export function useTodosDelete(
  tree: TodosTree | undefined,
  mutations: { tree: TodosTreeMutations; tasks: TaskMutations },
  { selection, select }: TodosNavigation,
) {
  const client = useQueryClient();
  const selected = { top: selection.todoId, middle: selection.categoryId };
  const reselect = (next: typeof selected) => select(todoSelectionAt(next.top, next.middle));

  const deleteTask = (task: TaskRef) => {
    if (selection.taskId === task.id) {
      const list = client.getQueryData<{ tasks: { id: string; completed: boolean }[] }>(
        todoKeys.tasks(task.categoryId),
      );
      // The first remaining sibling in the same filter (Active or Done) the user is looking at.
      const shown = list?.tasks.filter((t) => t.completed === task.completed) ?? [];
      select({ ...selection, taskId: firstRemaining(shown, task.id) });
    }
    mutations.tasks.deleteTask.mutate(task, {
      onSuccess: () => client.removeQueries({ queryKey: todoKeys.task(task.id) }),
    });
  };

  const deleteRow = { levels: tree && todosLevels(tree, () => undefined), selected, reselect };
  return useTreeDelete(deleteRow, (request: TodoDeleteRequest) => {
    if (request.kind === 'task') deleteTask(request.task);
    else if (request.kind === 'todo') mutations.tree.deleteTodo.mutate(request.id);
    else mutations.tree.deleteCategory.mutate(request.id);
  });
}
