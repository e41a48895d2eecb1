import { useCallback } from 'react';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { findCategory } from '../todos-tree-ops.ts';
import { todoSelectionAt, useTodoSelection } from './use-todo-selection.ts';

/** What is open in the todos view and the ways to open something: a todo, a category, a task. */
export function useTodosNavigation(tree: TodosTree | undefined) {
  const { selection, select } = useTodoSelection(tree);
  const todoOf = (categoryId: string) => (tree ? (findCategory(tree, categoryId)?.todo.id ?? null) : null);

  /** Selecting the open todo again keeps what is open inside it. */
  const selectTodo = (id: string) => select(selection.todoId === id ? selection : todoSelectionAt(id));

  const selectCategory = (id: string) => select(todoSelectionAt(todoOf(id), id));

  const openTask = useCallback(
    (task: { id: string; categoryId: string }) => {
      const todoId = tree ? (findCategory(tree, task.categoryId)?.todo.id ?? null) : null;
      select(todoSelectionAt(todoId, task.categoryId, task.id));
    },
    [tree, select],
  );

  return { selection, select, selectTodo, selectCategory, openTask };
}

export type TodosNavigation = ReturnType<typeof useTodosNavigation>;
