import { useMemo } from 'react';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import {
  type StoredSelection,
  selectionBuilder,
  useStoredSelection,
} from '../../../components/tree/use-stored-selection.ts';
import { findCategory } from '../todos-tree-ops.ts';

const todoSelectionFields = ['todoId', 'categoryId', 'taskId'] as const;

/** The chosen todo, category and task (null: none at that level). */
export type TodoSelection = StoredSelection<(typeof todoSelectionFields)[number]>;

/** A todo, a category of it, a task of that: what is not named is not open. */
export const todoSelectionAt = selectionBuilder(todoSelectionFields);

export const noTodoSelection = todoSelectionAt(null);
export const todoSelectionStorageKey = 'jotlist-todos-selection';

/**
 * What is open in the todos view: a todo, a category of it, a task. The todo and category are read
 * through the tree, so a category dragged to another todo takes its todo along and a deleted one falls
 * away (tasks are not in the tree; a deleted task is dropped by whoever deletes it). Remembered on this
 * device so a reload comes back to the same task.
 */
export function useTodoSelection(tree: TodosTree | undefined) {
  const { chosen, select } = useStoredSelection(todoSelectionStorageKey, todoSelectionFields);

  const selection = useMemo<TodoSelection>(() => {
    if (!tree) return chosen;
    const found = chosen.categoryId ? findCategory(tree, chosen.categoryId) : null;
    if (found) return { todoId: found.todo.id, categoryId: found.category.id, taskId: chosen.taskId };
    const todo = tree.todos.find((t) => t.id === chosen.todoId);
    return todo ? { todoId: todo.id, categoryId: null, taskId: null } : noTodoSelection;
  }, [tree, chosen]);

  return { selection, select };
}
