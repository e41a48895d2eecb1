import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CategoryTasksResponse, TaskListItem } from '../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../shared/schemas/todo.ts';
import { type DragModel, dragAccessibility } from '../../components/tree/drag-announcements.ts';
import { todoKeys } from './api.ts';
import { findCategory } from './todos-tree-ops.ts';

/**
 * The todos tree as the drag announcements read it: lists > categories > tasks. A category's tasks come
 * from the query cache (`tasksOf`), so a category whose tasks are not loaded has none to count.
 */
export function todosDragModel(
  tree: TodosTree | undefined,
  tasksOf: (categoryId: string) => readonly TaskListItem[] | undefined,
): DragModel {
  const todos = tree?.todos ?? [];
  const findTask = (id: string) => {
    for (const todo of todos) {
      for (const category of todo.categories) {
        const task = tasksOf(category.id)?.find((t) => t.id === id);
        if (task) return task;
      }
    }
    return undefined;
  };
  return {
    title(kind, id) {
      if (kind === 'todo') return todos.find((t) => t.id === id)?.title;
      if (kind === 'category') return tree ? findCategory(tree, id)?.category.title : undefined;
      if (kind === 'task') return findTask(id)?.text;
      return undefined;
    },
    children(kind, parentId) {
      if (kind === 'todo') return todos.map((t) => t.id);
      if (kind === 'category') return todos.find((t) => t.id === parentId)?.categories.map((c) => c.id);
      if (kind === 'task' && parentId) return tasksOf(parentId)?.map((t) => t.id);
      return undefined;
    },
    parentOf(kind, id) {
      if (kind === 'todo') return null;
      if (kind === 'category') return tree ? findCategory(tree, id)?.todo.id : undefined;
      if (kind === 'task') return findTask(id)?.categoryId;
      return undefined;
    },
  };
}

/** The todos sidebar's DndContext `accessibility`: drags announced by name and place. */
export function useTodosDragAccessibility(tree: TodosTree | undefined) {
  const client = useQueryClient();
  return useMemo(
    () =>
      dragAccessibility(() =>
        todosDragModel(tree, (id) => client.getQueryData<CategoryTasksResponse>(todoKeys.tasks(id))?.tasks),
      ),
    [tree, client],
  );
}
