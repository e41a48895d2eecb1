import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../shared/schemas/search.ts';
import type { Category, Todo } from '../../../shared/schemas/todo.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { newTodosApi, type TodosApi } from '../todos/todos-test-helpers.ts';

/** GET /api/search over tasks: case-insensitive substring on the text, the user's own tasks only. */
describe.each(testEngines)('task search on %s', (engine) => {
  let ctx: TestContext;
  let api: TodosApi;
  let other: TodosApi;
  let todo: Todo;
  let category: Category;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    api = await newTodosApi(ctx);
    other = await newTodosApi(ctx);
    todo = await api.createTodo();
    category = await api.createCategory(todo.id);
    const theirs = await other.createTodo();
    await other.createTask(theirs.id, { text: 'Their Zanzibar Qx trip' });
  });
  afterAll(() => ctx.close());

  async function search(q: string, as: TodosApi = api): Promise<SearchResponse> {
    const res = await as.request('GET', `/api/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResponse;
  }

  it('finds a task by a piece of its text, case-insensitively, with where to open it', async () => {
    const task = await api.createTask(todo.id, { categoryId: category.id, text: 'Book the Zanzibar ferry' });
    const found = await search('zanZIBAR fer');
    expect(found.tasks).toEqual([
      {
        id: task.id,
        todoId: todo.id,
        categoryId: category.id,
        text: 'Book the Zanzibar ferry',
        completed: false,
        snippet: 'Book the Zanzibar ferry',
        match: { start: 9, length: 12 },
        updatedAt: task.updatedAt,
      },
    ]);
    // The notes part still answers beside it.
    expect(found.notes).toEqual([]);
  });

  it("never shows another user's tasks", async () => {
    // Its own tasks on both sides, so it holds in any order (docs/testing.md).
    await api.createTask(todo.id, { categoryId: category.id, text: 'My Lamu dhow' });
    await other.createTask((await other.createTodo()).id, { text: 'Their Lamu Qw dhow' });
    expect((await search('Lamu')).tasks.map((t) => t.text)).toEqual(['My Lamu dhow']);
    expect((await search('Lamu', other)).tasks.map((t) => t.text)).toEqual(['Their Lamu Qw dhow']);
    expect((await search('Qw')).tasks).toEqual([]);
    expect((await search('Qx')).tasks).toEqual([]);
  });

  it('answers queries shorter than three characters, and takes wildcards literally', async () => {
    const short = await api.createTask(todo.id, { categoryId: category.id, text: 'Pay 50% deposit K9' });
    expect((await search('k9')).tasks.map((t) => t.id)).toEqual([short.id]);
    expect((await search('%')).tasks.map((t) => t.id)).toEqual([short.id]);
    expect((await search('0% d')).tasks.map((t) => t.id)).toEqual([short.id]);
    expect((await search('5_')).tasks).toEqual([]);
  });

  it('follows edits, moves and deletes', async () => {
    const task = await api.createTask(todo.id, { categoryId: category.id, text: 'Water the ficus' });
    await api.request('PATCH', `/api/tasks/${task.id}`, { text: 'Water the orchid' });
    expect((await search('ficus')).tasks).toEqual([]);
    expect((await search('orchid')).tasks.map((t) => t.id)).toEqual([task.id]);

    const elsewhere = await api.createTodo();
    const target = await api.createCategory(elsewhere.id);
    await api.request('PUT', `/api/categories/${target.id}/tasks/order`, { ids: [task.id] });
    await api.request('PATCH', `/api/tasks/${task.id}`, { completed: true });
    expect((await search('orchid')).tasks[0]).toMatchObject({
      todoId: elsewhere.id,
      categoryId: target.id,
      completed: true,
    });

    await api.request('DELETE', `/api/tasks/${task.id}`);
    expect((await search('orchid')).tasks).toEqual([]);
  });

  it('returns at most 50 tasks, most recently updated first', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 55; index += 1) {
      ctx.clock.advance(1000);
      ids.push((await api.createTask(todo.id, { categoryId: category.id, text: `bulk item ${index}` })).id);
    }
    const { tasks } = await search('bulk item');
    expect(tasks.map((t) => t.id)).toEqual(ids.slice(5).reverse());
  });
});
