import { useRef, useState } from 'react';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { useCreateAndName } from '../../../components/tree/use-create-and-name.ts';
import type { TaskFilter } from '../components/task-list.tsx';
import { newCategory, newTodo } from '../new-rows.ts';
import { findCategory } from '../todos-tree-ops.ts';
import type { TaskMutations } from './use-tasks.ts';
import { todoSelectionAt } from './use-todo-selection.ts';
import type { TodosNavigation } from './use-todos-navigation.ts';
import type { TodosTreeMutations } from './use-todos-tree.ts';

interface TodosCreateInput {
  tree: TodosTree | undefined;
  treeMutations: TodosTreeMutations;
  taskMutations: TaskMutations;
  navigation: TodosNavigation;
}

/** Creating todos, categories and tasks; each shows at once and opens ready to be named. */
export function useTodosCreate({ tree, treeMutations, taskMutations, navigation }: TodosCreateInput) {
  const { selection, select, openTask, closeTask } = navigation;
  const { namingId, doneNaming, createAndName } = useCreateAndName(select);
  /** A task just created: the panel opens with its title selected. */
  const [createdTaskId, setCreatedTaskId] = useState<string | null>(null);
  /** That task until its text is first saved: the panel's focus ends `createdTaskId` before then. */
  const unnamedTaskId = useRef<string | null>(null);
  /**
   * The task list's Active/Done filter. Held here, not in the list, so that every way of creating a task
   * (the `+` button, `n`, the palette) shows the new task: it is active, so the filter goes to Active.
   */
  const [taskFilter, setTaskFilter] = useState<TaskFilter>('active');

  const createTodo = () => {
    const todo = newTodo(tree);
    createAndName(treeMutations.createTodo, todo, todoSelectionAt(todo.id));
  };

  const createCategory = (todoId: string) => {
    const category = newCategory(tree, todoId);
    createAndName(treeMutations.createCategory, category, todoSelectionAt(todoId, category.id));
  };

  /**
   * `New Task` in the selected category, opened in the panel with its title selected for typing (the
   * `New task` button; the `n` shortcut may call it too). Does nothing without a selected category.
   */
  const createTask = (onCreated?: (task: { id: string; categoryId: string }) => void) => {
    const found = tree && selection.categoryId ? findCategory(tree, selection.categoryId) : null;
    if (!found) return;
    const task = taskMutations.createTask.mutate(
      { todoId: found.todo.id, categoryId: found.category.id },
      // Refused: the task is gone from the list; its panel closes with it.
      { onError: () => closeTask() },
    );
    setTaskFilter('active');
    setCreatedTaskId(task.id);
    unnamedTaskId.current = task.id;
    openTask(task);
    onCreated?.(task);
  };

  return {
    createTodo,
    createCategory,
    createTask,
    namingId,
    doneNaming,
    createdTaskId,
    doneNamingTask: () => setCreatedTaskId(null),
    /** Opens the panel's title for editing (the list's `e`), as for a task just created. */
    focusTitleOf: setCreatedTaskId,
    unnamedTaskId,
    taskFilter,
    setTaskFilter,
  };
}
