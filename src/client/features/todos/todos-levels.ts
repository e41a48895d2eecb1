import type { QueryClient } from '@tanstack/react-query';
import type { CategoryTasksResponse, TaskListItem } from '../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../shared/schemas/todo.ts';
import type { TreeLevels } from '../../components/tree/tree-levels.ts';
import { todoKeys } from './api.ts';

/** The todos tree's levels: lists > categories > tasks, a category's tasks from `tasksOf`. */
export const todosLevels = (
  tree: TodosTree | undefined,
  tasksOf: (categoryId: string) => readonly TaskListItem[] | undefined,
): TreeLevels<TaskListItem> => ({
  kinds: ['todo', 'category', 'task'],
  tops: tree?.todos.map((todo) => ({ ...todo, children: todo.categories })),
  leavesOf: tasksOf,
  leafTitle: (task) => task.text,
});

/** A category's tasks as the query cache holds them now; undefined while not loaded. */
export const cachedTasks = (client: QueryClient) => (categoryId: string) =>
  client.getQueryData<CategoryTasksResponse>(todoKeys.tasks(categoryId))?.tasks;
