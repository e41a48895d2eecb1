import { useCallback, useMemo, useState } from 'react';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { readLocal, writeLocal } from '../../../lib/local-store.ts';
import { findCategory } from '../todos-tree-ops.ts';

export interface TodoSelection {
  todoId: string | null;
  categoryId: string | null;
  taskId: string | null;
}

export const noTodoSelection: TodoSelection = { todoId: null, categoryId: null, taskId: null };
export const todoSelectionStorageKey = 'jotlist-todos-selection';

function stored(): TodoSelection {
  try {
    const value = JSON.parse(readLocal(todoSelectionStorageKey) ?? 'null') as Partial<TodoSelection> | null;
    const id = (v: unknown) => (typeof v === 'string' ? v : null);
    return value
      ? { todoId: id(value.todoId), categoryId: id(value.categoryId), taskId: id(value.taskId) }
      : noTodoSelection;
  } catch {
    return noTodoSelection;
  }
}

/**
 * What is open in the todos view: a todo, a category of it, a task. The todo and category are read
 * through the tree, so a category dragged to another todo takes its todo along and a deleted one falls
 * away (tasks are not in the tree; a deleted task is dropped by whoever deletes it). Remembered on this
 * device so a reload comes back to the same task.
 */
export function useTodoSelection(tree: TodosTree | undefined) {
  const [chosen, setChosen] = useState<TodoSelection>(stored);

  const selection = useMemo<TodoSelection>(() => {
    if (!tree) return chosen;
    const found = chosen.categoryId ? findCategory(tree, chosen.categoryId) : null;
    if (found) return { todoId: found.todo.id, categoryId: found.category.id, taskId: chosen.taskId };
    const todo = tree.todos.find((t) => t.id === chosen.todoId);
    return todo ? { todoId: todo.id, categoryId: null, taskId: null } : noTodoSelection;
  }, [tree, chosen]);

  const select = useCallback((next: TodoSelection) => {
    setChosen(next);
    writeLocal(todoSelectionStorageKey, JSON.stringify(next));
  }, []);

  return { selection, select };
}
