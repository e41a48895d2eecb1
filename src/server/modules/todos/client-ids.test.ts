import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdTests } from '../../test/client-id-cases.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { newTodosApi } from './todos-test-helpers.ts';

/** Lists, categories, tasks, subtasks and labels created with the client's id (docs/client.md). */
describe.each(testEngines)('todos creates carrying their id on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  clientIdTests(
    () => ctx,
    [
      {
        name: 'to-do list',
        table: 'todos',
        async newCreator() {
          const api = await newTodosApi(ctx);
          return (extra) => api.request('POST', '/api/todos', extra);
        },
      },
      {
        name: 'category',
        table: 'todo_categories',
        async newCreator() {
          const api = await newTodosApi(ctx);
          const todo = await api.createTodo();
          return (extra) => api.request('POST', '/api/categories', { todoId: todo.id, ...extra });
        },
      },
      {
        name: 'task',
        table: 'todo_items',
        async newCreator() {
          const api = await newTodosApi(ctx);
          const todo = await api.createTodo();
          return (extra) => api.request('POST', '/api/tasks', { todoId: todo.id, ...extra });
        },
      },
      {
        name: 'subtask',
        table: 'todo_subtasks',
        async newCreator() {
          const api = await newTodosApi(ctx);
          const task = await api.createTask((await api.createTodo()).id);
          return (extra) => api.request('POST', `/api/tasks/${task.id}/subtasks`, { text: 'Step', ...extra });
        },
      },
      {
        name: 'label',
        table: 'labels',
        async newCreator() {
          const api = await newTodosApi(ctx);
          let n = 0;
          // A new name each time: the second create must clash on its id, not on its name.
          return (extra) => api.request('POST', '/api/labels', { name: `errands-${++n}`, ...extra });
        },
      },
    ],
  );

  it('a task refused for its id leaves nothing of its create behind (no No Category, no new label)', async () => {
    const api = await newTodosApi(ctx);
    const todo = await api.createTodo();
    const taken = await api.createTask(todo.id);
    const other = await newTodosApi(ctx);
    const otherTodo = await other.createTodo();
    const res = await other.request('POST', '/api/tasks', {
      id: taken.id,
      todoId: otherTodo.id,
      labelNames: ['fresh'],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect((await other.tree()).todos[0]?.categories).toEqual([]);
    const labels = await other.request('GET', '/api/labels');
    expect(labels.json()).toEqual({ labels: [] });
  });
});
