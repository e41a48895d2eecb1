import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { CategoryTasksResponse, Subtask, Task, TaskDetail } from '../../../shared/schemas/task.ts';
import type { Category, Todo, TodosTree } from '../../../shared/schemas/todo.ts';
import { signedInUser } from '../../test/auth-helpers.ts';
import type { TestContext } from '../../test/test-app.ts';
import { apiFor, type Api as NotesApi } from '../notes/notes-test-helpers.ts';

/** A signed-in user's side of the todos API, on top of the notes helpers' plain requests. */
export interface TodosApi {
  userId: string;
  request: NotesApi['request'];
  tree(): Promise<TodosTree>;
  createTodo(body?: object): Promise<Todo>;
  createCategory(todoId: string, body?: object): Promise<Category>;
  createTask(todoId: string, body?: object): Promise<Task>;
  addSubtask(taskId: string, text: string): Promise<Subtask>;
  getTask(id: string): Promise<TaskDetail>;
  tasksOf(categoryId: string): Promise<CategoryTasksResponse['tasks']>;
}

export function todosApiFor(
  ctx: TestContext,
  userId: string,
  cookies: Parameters<typeof apiFor>[2],
): TodosApi {
  const { request } = apiFor(ctx, userId, cookies);
  const expectStatus = async <T>(res: Promise<LightMyRequestResponse>, status: number): Promise<T> => {
    const done = await res;
    expect(done.statusCode, done.body).toBe(status);
    return done.json() as T;
  };
  return {
    userId,
    request,
    tree: () => expectStatus<TodosTree>(request('GET', '/api/todos/tree'), 200),
    createTodo: (body = {}) => expectStatus<Todo>(request('POST', '/api/todos', body), 201),
    createCategory: (todoId, body = {}) =>
      expectStatus<Category>(request('POST', '/api/categories', { todoId, ...body }), 201),
    createTask: (todoId, body = {}) =>
      expectStatus<Task>(request('POST', '/api/tasks', { todoId, ...body }), 201),
    addSubtask: (taskId, text) =>
      expectStatus<Subtask>(request('POST', `/api/tasks/${taskId}/subtasks`, { text }), 201),
    getTask: (id) => expectStatus<TaskDetail>(request('GET', `/api/tasks/${id}`), 200),
    tasksOf: async (categoryId) =>
      (await expectStatus<CategoryTasksResponse>(request('GET', `/api/categories/${categoryId}/tasks`), 200))
        .tasks,
  };
}

/** Signs up a fresh user through the real flow and returns their todos API. */
export async function newTodosApi(ctx: TestContext): Promise<TodosApi> {
  const user = await signedInUser(ctx);
  return todosApiFor(ctx, user.userId, user.cookies);
}

/** The ids of a todos tree, level by level, in the order the API returned them. */
export function todoTreeIds(tree: TodosTree) {
  return tree.todos.map((todo) => ({ id: todo.id, categories: todo.categories.map((c) => c.id) }));
}
