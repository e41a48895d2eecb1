import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskIndexResponse } from '../../../shared/schemas/task.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { newTodosApi, type TodosApi } from './todos-test-helpers.ts';

/** GET /api/tasks/index: every task of the user, for the command palette to find any task by name. */
describe.each(testEngines)('the task index on %s', (engine) => {
  let ctx: TestContext;
  let owner: TodosApi;
  let other: TodosApi;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    owner = await newTodosApi(ctx);
    other = await newTodosApi(ctx);
  });
  afterAll(() => ctx.close());

  const indexOf = async (api: TodosApi) => {
    const res = await api.request('GET', '/api/tasks/index');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TaskIndexResponse).tasks;
  };

  it("lists every task of every category, with its category and completion, and no one else's", async () => {
    const errands = await owner.createTodo({ title: 'Errands' });
    const shopping = await owner.createCategory(errands.id, { title: 'Shopping' });
    const garden = await owner.createCategory(errands.id, { title: 'Garden' });
    const milk = await owner.createTask(errands.id, { categoryId: shopping.id, text: 'Buy oat milk' });
    const bread = await owner.createTask(errands.id, { categoryId: shopping.id, text: 'Buy bread' });
    const seeds = await owner.createTask(errands.id, { categoryId: garden.id, text: 'Sow seeds' });
    const done = await owner.request('PATCH', `/api/tasks/${seeds.id}`, { completed: true });
    expect(done.statusCode).toBe(200);
    const theirs = await other.createTodo({ title: 'Private' });
    const secret = await other.createTask(theirs.id, { text: 'Buy a secret present' });

    const tasks = await indexOf(owner);
    expect(tasks).toHaveLength(3);
    expect(tasks).toEqual(
      expect.arrayContaining([
        { id: milk.id, categoryId: shopping.id, text: 'Buy oat milk', completed: false },
        { id: bread.id, categoryId: shopping.id, text: 'Buy bread', completed: false },
        { id: seeds.id, categoryId: garden.id, text: 'Sow seeds', completed: true },
      ]),
    );
    // Within a category, in the category's order.
    const shoppingIds = tasks.filter((t) => t.categoryId === shopping.id).map((t) => t.id);
    expect(shoppingIds).toEqual([milk.id, bread.id]);

    expect(await indexOf(other)).toEqual([
      { id: secret.id, categoryId: secret.categoryId, text: 'Buy a secret present', completed: false },
    ]);
  });

  it('follows renames, moves and deletes', async () => {
    const fresh = await newTodosApi(ctx);
    const todo = await fresh.createTodo();
    const from = await fresh.createCategory(todo.id);
    const to = await fresh.createCategory(todo.id);
    const task = await fresh.createTask(todo.id, { categoryId: from.id, text: 'Draft' });
    const gone = await fresh.createTask(todo.id, { categoryId: from.id, text: 'Gone soon' });
    expect((await fresh.request('PATCH', `/api/tasks/${task.id}`, { text: 'Final' })).statusCode).toBe(200);
    const moved = await fresh.request('PUT', `/api/categories/${to.id}/tasks/order`, { ids: [task.id] });
    expect(moved.statusCode).toBe(204);
    expect((await fresh.request('DELETE', `/api/tasks/${gone.id}`)).statusCode).toBe(204);

    expect(await indexOf(fresh)).toEqual([
      { id: task.id, categoryId: to.id, text: 'Final', completed: false },
    ]);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/tasks/index' });
    expect(res.statusCode).toBe(401);
  });
});
