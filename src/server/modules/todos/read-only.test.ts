import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { signedInUser, signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { expectError } from '../notes/notes-test-helpers.ts';
import { type TodosApi, todosApiFor } from './todos-test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

/** After the 7-day trial, without an active subscription, todos are view-only too (docs/PRODUCT.md §1, §4). */
describe.each(testEngines)('read-only todos on %s', (engine) => {
  let ctx: TestContext;
  let api: TodosApi;
  const ids = { todo: '', category: '', task: '', subtask: '' };
  const state = async () => ({
    tree: await api.tree(),
    tasks: await api.tasksOf(ids.category),
    task: await api.getTask(ids.task),
  });

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    const user = await signedInUser(ctx);
    api = todosApiFor(ctx, user.userId, user.cookies);
    const todo = await api.createTodo();
    const category = await api.createCategory(todo.id);
    const task = await api.createTask(todo.id, { categoryId: category.id, text: 'made during the trial' });
    const subtask = await api.addSubtask(task.id, 'a step');
    Object.assign(ids, { todo: todo.id, category: category.id, task: task.id, subtask: subtask.id });
    ctx.clock.advance(8 * DAY);
    api = todosApiFor(ctx, user.userId, await signIn(ctx, user.email, user.password));
  });
  afterAll(() => ctx.close());

  const writes: Array<[string, () => ['POST' | 'PATCH' | 'PUT' | 'DELETE', string, object?]]> = [
    ['create a todo', () => ['POST', '/api/todos', {}]],
    ['rename a todo', () => ['PATCH', `/api/todos/${ids.todo}`, { title: 'Renamed' }]],
    ['delete a todo', () => ['DELETE', `/api/todos/${ids.todo}`]],
    ['order todos', () => ['PUT', '/api/todos/order', { ids: [ids.todo] }]],
    ['order categories', () => ['PUT', `/api/todos/${ids.todo}/categories/order`, { ids: [ids.category] }]],
    ['create a category', () => ['POST', '/api/categories', { todoId: ids.todo }]],
    ['rename a category', () => ['PATCH', `/api/categories/${ids.category}`, { title: 'Renamed' }]],
    ['delete a category', () => ['DELETE', `/api/categories/${ids.category}`]],
    ['order tasks', () => ['PUT', `/api/categories/${ids.category}/tasks/order`, { ids: [ids.task] }]],
    ['create a task', () => ['POST', '/api/tasks', { todoId: ids.todo }]],
    ['edit a task', () => ['PATCH', `/api/tasks/${ids.task}`, { priority: 'high' }]],
    ['delete a task', () => ['DELETE', `/api/tasks/${ids.task}`]],
    ['add a subtask', () => ['POST', `/api/tasks/${ids.task}/subtasks`, { text: 'more' }]],
    ['order subtasks', () => ['PUT', `/api/tasks/${ids.task}/subtasks/order`, { ids: [ids.subtask] }]],
    ['tick a subtask', () => ['PATCH', `/api/subtasks/${ids.subtask}`, { completed: true }]],
    ['delete a subtask', () => ['DELETE', `/api/subtasks/${ids.subtask}`]],
  ];

  it.each(writes)('cannot %s once the trial has expired: 403 read_only', async (_what, make) => {
    const before = await state();
    const [method, url, body] = make();
    expect(expectError(await api.request(method, url, body), 403, 'read_only').message).toBe(
      messages.api.readOnly,
    );
    expect(await state()).toEqual(before);
  });

  it('can still read everything, search included', async () => {
    expect((await api.getTask(ids.task)).subtasks.map((s) => s.text)).toEqual(['a step']);
    const search = await api.request('GET', '/api/search?q=trial');
    expect(search.statusCode).toBe(200);
    expect((search.json() as { tasks: Array<{ id: string }> }).tasks.map((t) => t.id)).toEqual([ids.task]);
  });
});
