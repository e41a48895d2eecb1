import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Label } from '../../../shared/schemas/label.ts';
import type { SearchResponse } from '../../../shared/schemas/search.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { newTodosApi, type TodosApi } from '../todos/todos-test-helpers.ts';

/** GET /api/search finds labels by name, and tasks by the names of their labels: the user's own only. */
describe.each(testEngines)('label search on %s', (engine) => {
  let ctx: TestContext;
  let api: TodosApi;
  let other: TodosApi;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    api = await newTodosApi(ctx);
    other = await newTodosApi(ctx);
  });
  afterAll(() => ctx.close());

  async function search(q: string, as: TodosApi = api): Promise<SearchResponse> {
    const res = await as.request('GET', `/api/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResponse;
  }
  async function createLabel(as: TodosApi, name: string): Promise<Label> {
    const res = await as.request('POST', '/api/labels', { name, color: '#F59E0B' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Label;
  }

  it('finds a label by a piece of its name, whatever the case, with its colour', async () => {
    const label = await createLabel(api, 'Xerrandsy');
    await createLabel(other, 'Xerrandsy too');
    expect((await search('ERRANDS')).labels).toEqual([{ id: label.id, name: 'Xerrandsy', color: '#F59E0B' }]);
    expect((await search('er')).labels.map((l) => l.id)).toContain(label.id);
    expect((await search('nothing like it')).labels).toEqual([]);
  });

  it('takes the query literally (a % is no wildcard)', async () => {
    const label = await createLabel(api, 'Q50%off');
    await createLabel(api, 'Q500ff');
    expect((await search('50%')).labels.map((l) => l.id)).toEqual([label.id]);
  });

  it('finds a task whose label matches though its text does not, once, marking nothing', async () => {
    const todo = await api.createTodo({ title: 'Home' });
    const plain = await api.createTask(todo.id, { text: 'Buy milk' });
    const both = await api.createTask(todo.id, { text: 'Kobold shopping list' });
    const kobold = await createLabel(api, 'Kobold');
    const koboldish = await createLabel(api, 'Koboldish');
    for (const task of [plain, both]) {
      const res = await api.request('PATCH', `/api/tasks/${task.id}`, {
        labelIds: [kobold.id, koboldish.id],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const { tasks } = await search('kobold');
    expect(tasks.map((t) => t.id).sort()).toEqual([plain.id, both.id].sort());
    expect(tasks.find((t) => t.id === plain.id)).toMatchObject({ snippet: 'Buy milk', match: null });
    expect(tasks.find((t) => t.id === both.id)?.match).toEqual({ start: 0, length: 6 });
    // Another user's label of the same name finds none of these.
    await createLabel(other, 'Kobold');
    expect((await search('kobold', other)).tasks).toEqual([]);
  });
});
