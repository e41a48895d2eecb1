import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todoColors } from '../../../shared/domain/colors.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { expectError } from '../notes/notes-test-helpers.ts';
import { newTodosApi, type TodosApi, todoTreeIds } from './todos-test-helpers.ts';

describe.each(testEngines)('todos and categories on %s', (engine) => {
  let ctx: TestContext;
  let api: TodosApi;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    api = await newTodosApi(ctx);
  });
  afterAll(() => ctx.close());

  it('creates todos with the defaults, appended in order', async () => {
    const first = await api.createTodo();
    expect(first.title).toBe('New Todo');
    expect(todoColors).toContain(first.color);
    const second = await api.createTodo({ title: '  Groceries ', color: '#123ABC' });
    expect(second).toMatchObject({ title: 'Groceries', color: '#123ABC', position: first.position + 1 });

    const category = await api.createCategory(first.id);
    expect(category).toMatchObject({ title: 'New Category', todoId: first.id, position: 0 });
    const named = await api.createCategory(first.id, { title: 'Errands' });
    expect(named.position).toBe(1);

    const tree = await api.tree();
    const mine = tree.todos.filter((todo) => todo.id === first.id || todo.id === second.id);
    expect(mine.map((todo) => todo.title)).toEqual(['New Todo', 'Groceries']);
    expect(mine[0]?.categories.map((c) => [c.title, c.activeCount, c.doneCount])).toEqual([
      ['New Category', 0, 0],
      ['Errands', 0, 0],
    ]);
  });

  it('renames and recolours, refusing blank names and bad colours', async () => {
    const todo = await api.createTodo();
    const renamed = await api.request('PATCH', `/api/todos/${todo.id}`, {
      title: ' Work ',
      color: '#10B981',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Work', color: '#10B981' });
    expectError(
      await api.request('PATCH', `/api/todos/${todo.id}`, { title: '   ' }),
      400,
      'validation_failed',
    );
    expectError(
      await api.request('PATCH', `/api/todos/${todo.id}`, { color: 'red' }),
      400,
      'validation_failed',
    );
    expectError(await api.request('PATCH', `/api/todos/${todo.id}`, {}), 400, 'validation_failed');

    const category = await api.createCategory(todo.id);
    const renamedCategory = await api.request('PATCH', `/api/categories/${category.id}`, { title: 'Calls' });
    expect(renamedCategory.json()).toMatchObject({ title: 'Calls' });
    expectError(
      await api.request('PATCH', `/api/categories/${category.id}`, { title: '' }),
      400,
      'validation_failed',
    );
    expectError(await api.request('POST', '/api/categories', { todoId: 'nope' }), 400, 'validation_failed');
  });

  it('counts open and done tasks per category in the tree', async () => {
    const todo = await api.createTodo();
    const category = await api.createCategory(todo.id);
    const done = await api.createTask(todo.id, { categoryId: category.id });
    await api.createTask(todo.id, { categoryId: category.id });
    await api.createTask(todo.id, { categoryId: category.id });
    expect((await api.request('PATCH', `/api/tasks/${done.id}`, { completed: true })).statusCode).toBe(200);
    const counted = (await api.tree()).todos.find((t) => t.id === todo.id)?.categories[0];
    expect(counted).toMatchObject({ activeCount: 2, doneCount: 1 });
  });

  it('reorders todos: positions become the index, every todo named once', async () => {
    // Its own todos: in a shuffled run this test may come first, and a list of one proves nothing.
    await api.createTodo();
    await api.createTodo();
    const ids = (await api.tree()).todos.map((todo) => todo.id);
    const reversed = [...ids].reverse();
    expect((await api.request('PUT', '/api/todos/order', { ids: reversed })).statusCode).toBe(204);
    const tree = await api.tree();
    expect(tree.todos.map((todo) => todo.id)).toEqual(reversed);
    expect(tree.todos.map((todo) => todo.position)).toEqual(reversed.map((_, index) => index));
    expectError(
      await api.request('PUT', '/api/todos/order', { ids: reversed.slice(1) }),
      400,
      'validation_failed',
    );
    expectError(
      await api.request('PUT', '/api/todos/order', { ids: [reversed[0], reversed[0]] }),
      400,
      'validation_failed',
    );
  });

  it("moves a category to another todo in one step, its tasks' todo following", async () => {
    const source = await api.createTodo({ title: 'Source' });
    const target = await api.createTodo({ title: 'Target' });
    const [a, b, c] = [
      await api.createCategory(source.id, { title: 'A' }),
      await api.createCategory(source.id, { title: 'B' }),
      await api.createCategory(source.id, { title: 'C' }),
    ];
    const stay = await api.createCategory(target.id, { title: 'Stay' });
    const task = await api.createTask(source.id, { categoryId: b.id, text: 'travels along' });

    const res = await api.request('PUT', `/api/todos/${target.id}/categories/order`, {
      ids: [b.id, stay.id],
    });
    expect(res.statusCode, res.body).toBe(204);

    const tree = await api.tree();
    const ids = todoTreeIds(tree);
    expect(ids.find((todo) => todo.id === target.id)?.categories).toEqual([b.id, stay.id]);
    // The todo it left closes its gap: positions are 0..n-1 again.
    const left = tree.todos.find((todo) => todo.id === source.id)?.categories ?? [];
    expect(left.map((cat) => [cat.id, cat.position])).toEqual([
      [a.id, 0],
      [c.id, 1],
    ]);
    expect(await api.getTask(task.id)).toMatchObject({ todoId: target.id, categoryId: b.id });

    // A category already in the todo must be listed: it leaves only by being listed elsewhere.
    expectError(
      await api.request('PUT', `/api/todos/${target.id}/categories/order`, { ids: [b.id] }),
      400,
      'validation_failed',
    );
  });

  it('deletes a todo with its categories, tasks and subtasks; a category with its tasks', async () => {
    const todo = await api.createTodo();
    const keep = await api.createCategory(todo.id);
    const drop = await api.createCategory(todo.id);
    const task = await api.createTask(todo.id, { categoryId: drop.id });
    await api.addSubtask(task.id, 'gone too');
    const kept = await api.createTask(todo.id, { categoryId: keep.id });

    expect((await api.request('DELETE', `/api/categories/${drop.id}`)).statusCode).toBe(204);
    expectError(await api.request('GET', `/api/tasks/${task.id}`), 404, 'not_found');
    expectError(await api.request('GET', `/api/categories/${drop.id}/tasks`), 404, 'not_found');
    expect(await api.getTask(kept.id)).toMatchObject({ id: kept.id });
    const subtasksLeft = await ctx.db.db
      .selectFrom('todo_subtasks')
      .select('id')
      .where('todo_item_id', '=', task.id)
      .execute();
    expect(subtasksLeft).toEqual([]);

    expect((await api.request('DELETE', `/api/todos/${todo.id}`)).statusCode).toBe(204);
    expect((await api.tree()).todos.some((t) => t.id === todo.id)).toBe(false);
    expectError(await api.request('GET', `/api/tasks/${kept.id}`), 404, 'not_found');
    expectError(await api.request('DELETE', `/api/todos/${todo.id}`), 404, 'not_found');
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/todos/tree' });
    expect(res.statusCode).toBe(401);
  });
});
