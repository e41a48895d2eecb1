import { useCallback, useState } from 'react';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { findCategory } from '../todos-tree-ops.ts';
import { todoSelectionAt, useTodoSelection } from './use-todo-selection.ts';

/**
 * Which tasks the content area lists: the selected category's, or Today's, Upcoming's or a label's across
 * every list. Apart from the selection: opening a task from Today keeps Today listed beside it.
 */
export type ListView =
  | { kind: 'category' }
  | { kind: 'today' }
  | { kind: 'upcoming' }
  | { kind: 'label'; labelId: string };
const categoryView: ListView = { kind: 'category' };

/** What is open in the todos view and the ways to open something: a todo, a category, a task. */
export function useTodosNavigation(tree: TodosTree | undefined) {
  const { selection, select } = useTodoSelection(tree);
  const [listView, setListView] = useState<ListView>(categoryView);
  const todoOf = (categoryId: string) => (tree ? (findCategory(tree, categoryId)?.todo.id ?? null) : null);

  /** Selecting the open todo again keeps what is open inside it. */
  const selectTodo = (id: string) => {
    setListView(categoryView);
    select(selection.todoId === id ? selection : todoSelectionAt(id));
  };

  /** Choosing a category leaves Today, Upcoming or a label for that category's list. */
  const selectCategory = (id: string) => {
    setListView(categoryView);
    select(todoSelectionAt(todoOf(id), id));
  };

  /** Lists Today, Upcoming or a label (null: back to the category) with no task open. */
  const showList = (view: ListView) => {
    setListView(view);
    select({ ...selection, taskId: null });
  };

  /** Closes the open task, keeping the list. */
  const closeTask = () => select({ ...selection, taskId: null });

  const openTask = useCallback(
    (task: { id: string; categoryId: string }) => {
      const todoId = tree ? (findCategory(tree, task.categoryId)?.todo.id ?? null) : null;
      select(todoSelectionAt(todoId, task.categoryId, task.id));
    },
    [tree, select],
  );

  return { selection, select, selectTodo, selectCategory, openTask, listView, showList, closeTask };
}

export type TodosNavigation = ReturnType<typeof useTodosNavigation>;
