import { z } from 'zod';
import {
  type CreateSubtaskBody,
  type CreateTaskBody,
  categoryTasksResponseSchema,
  subtaskSchema,
  taskDetailSchema,
  taskIndexResponseSchema,
  taskOccurrencesResponseSchema,
  taskSchema,
  type UpdateSubtaskBody,
  type UpdateTaskBody,
} from '../../../shared/schemas/task.ts';
import {
  type CreateCategoryBody,
  type CreateTodoBody,
  categorySchema,
  todoSchema,
  todosTreeSchema,
} from '../../../shared/schemas/todo.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The todos API as the workspace calls it; every answer is checked against the shared schemas. */

const empty = z.unknown();

export const todoKeys = {
  tree: ['todos', 'tree'] as const,
  tasks: (categoryId: string) => ['todos', 'tasks', categoryId] as const,
  allTasks: ['todos', 'tasks'] as const,
  task: (id: string) => ['todos', 'task', id] as const,
  occurrences: (id: string) => ['todos', 'task', id, 'occurrences'] as const,
  /** Not under `allTasks`: those are category lists, this is every task in brief. */
  taskIndex: ['todos', 'task-index'] as const,
};

export const todosApi = {
  tree: (signal?: AbortSignal) => apiRequest('/api/todos/tree', todosTreeSchema, { signal }),
  createTodo: (body: Pick<CreateTodoBody, 'id' | 'color'>) =>
    apiRequest('/api/todos', todoSchema, { method: 'POST', body }),
  renameTodo: (id: string, title: string) =>
    apiRequest(`/api/todos/${id}`, todoSchema, { method: 'PATCH', body: { title } }),
  deleteTodo: (id: string) => apiRequest(`/api/todos/${id}`, empty, { method: 'DELETE' }),
  orderTodos: (ids: string[]) => apiRequest('/api/todos/order', empty, { method: 'PUT', body: { ids } }),

  createCategory: (body: Pick<CreateCategoryBody, 'id' | 'todoId'>) =>
    apiRequest('/api/categories', categorySchema, { method: 'POST', body }),
  renameCategory: (id: string, title: string) =>
    apiRequest(`/api/categories/${id}`, categorySchema, { method: 'PATCH', body: { title } }),
  deleteCategory: (id: string) => apiRequest(`/api/categories/${id}`, empty, { method: 'DELETE' }),
  orderCategories: (todoId: string, ids: string[]) =>
    apiRequest(`/api/todos/${todoId}/categories/order`, empty, { method: 'PUT', body: { ids } }),

  tasks: (categoryId: string, signal?: AbortSignal) =>
    apiRequest(`/api/categories/${categoryId}/tasks`, categoryTasksResponseSchema, { signal }),
  task: (id: string, signal?: AbortSignal) => apiRequest(`/api/tasks/${id}`, taskDetailSchema, { signal }),
  /** Every task's id, category, text and completion (the command palette's). */
  taskIndex: (signal?: AbortSignal) => apiRequest('/api/tasks/index', taskIndexResponseSchema, { signal }),
  /** `New Task` unless the body names it; quick add also sends the due date and priority it read. */
  createTask: (body: CreateTaskBody & { categoryId: string }) =>
    apiRequest('/api/tasks', taskSchema, { method: 'POST', body }),
  updateTask: (id: string, body: UpdateTaskBody) =>
    apiRequest(`/api/tasks/${id}`, taskSchema, { method: 'PATCH', body }),
  deleteTask: (id: string) => apiRequest(`/api/tasks/${id}`, empty, { method: 'DELETE' }),
  /** A repeating task: skip its current occurrence; its history; undo the latest entry. */
  skipOccurrence: (id: string, occurrence?: string) =>
    apiRequest(`/api/tasks/${id}/skip`, taskSchema, {
      method: 'POST',
      body: occurrence ? { occurrence } : {},
    }),
  occurrences: (id: string, signal?: AbortSignal) =>
    apiRequest(`/api/tasks/${id}/occurrences`, taskOccurrencesResponseSchema, { signal }),
  undoOccurrence: (id: string, occurrenceId: string) =>
    apiRequest(`/api/tasks/${id}/occurrences/${occurrenceId}`, taskSchema, { method: 'DELETE' }),
  orderTasks: (categoryId: string, ids: string[]) =>
    apiRequest(`/api/categories/${categoryId}/tasks/order`, empty, { method: 'PUT', body: { ids } }),

  createSubtask: (taskId: string, body: CreateSubtaskBody) =>
    apiRequest(`/api/tasks/${taskId}/subtasks`, subtaskSchema, { method: 'POST', body }),
  updateSubtask: (id: string, body: UpdateSubtaskBody) =>
    apiRequest(`/api/subtasks/${id}`, subtaskSchema, { method: 'PATCH', body }),
  deleteSubtask: (id: string) => apiRequest(`/api/subtasks/${id}`, empty, { method: 'DELETE' }),
  orderSubtasks: (taskId: string, ids: string[]) =>
    apiRequest(`/api/tasks/${taskId}/subtasks/order`, empty, { method: 'PUT', body: { ids } }),
};
