import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../modules/notes/notes-test-helpers.ts';
import { type TodosApi, todosApiFor } from '../modules/todos/todos-test-helpers.ts';
import { signedInUser } from '../test/auth-helpers.ts';
import { testEngines } from '../test/engines.ts';
import { buildTestApp, type TestContext } from '../test/test-app.ts';

/**
 * Creates, moves and deletes racing each other through real concurrent requests. On PostgreSQL the
 * requests run on different pooled connections at once (inject runs in-process, but the database sees
 * every statement of the ten requests interleaved); SQLite serializes them, so there the same checks
 * simply hold.
 */
describe.each(testEngines)('concurrent appends on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  const rounds = 4;
  const parallel = 10;

  /** A fresh user: their to-do API (with plain requests) and their notes API. */
  const freshUser = async (): Promise<TodosApi & { notes: Api }> => {
    const user = await signedInUser(ctx);
    return { ...todosApiFor(ctx, user.userId, user.cookies), notes: apiFor(ctx, user.userId, user.cookies) };
  };

  const bodyOf = <T>(res: LightMyRequestResponse, status = 201): T => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };

  /** `parallel` creates at once, `rounds` times, into one parent: positions must be 0, 1, 2… each once. */
  async function expectDistinctPositions(create: () => Promise<LightMyRequestResponse>) {
    const positions: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const answers = await Promise.all(Array.from({ length: parallel }, create));
      for (const res of answers) positions.push(bodyOf<{ position: number }>(res).position);
    }
    positions.sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: rounds * parallel }, (_, index) => index));
  }

  it('parallel creates of notebooks and to-do lists take distinct positions', async () => {
    const api = await freshUser();
    await expectDistinctPositions(() => api.request('POST', '/api/notebooks', {}));
    await expectDistinctPositions(() => api.request('POST', '/api/todos', {}));
  });

  it('parallel creates of sections and pages take distinct positions', async () => {
    const api = await freshUser();
    const notebook = await api.notes.createNotebook();
    await expectDistinctPositions(() => api.request('POST', '/api/sections', { notebookId: notebook.id }));
    const section = bodyOf<{ id: string }>(
      await api.request('POST', '/api/sections', { notebookId: notebook.id }),
    );
    await expectDistinctPositions(() => api.request('POST', '/api/notes', { sectionId: section.id }));
  });

  it('parallel creates of categories, tasks and subtasks take distinct positions', async () => {
    const api = await freshUser();
    const todo = await api.createTodo();
    await expectDistinctPositions(() => api.request('POST', '/api/categories', { todoId: todo.id }));
    const category = await api.createCategory(todo.id);
    await expectDistinctPositions(() =>
      api.request('POST', '/api/tasks', { todoId: todo.id, categoryId: category.id }),
    );
    const task = await api.createTask(todo.id, { categoryId: category.id });
    await expectDistinctPositions(() => api.request('POST', `/api/tasks/${task.id}/subtasks`, { text: 'x' }));
  });

  it('parallel tasks without a category share one "No Category", in distinct positions', async () => {
    const api = await freshUser();
    const todo = await api.createTodo();
    await expectDistinctPositions(() => api.request('POST', '/api/tasks', { todoId: todo.id }));
    const tree = await api.tree();
    expect(tree.todos[0]?.categories.map((category) => category.title)).toEqual(['No Category']);
  });

  it('sections moved into a notebook while others are created there keep distinct positions', async () => {
    const api = await freshUser();
    const { notes } = api;
    for (let round = 0; round < rounds; round++) {
      const [target, source] = [await notes.createNotebook(), await notes.createNotebook()];
      const staying = [await notes.createSection(target.id), await notes.createSection(target.id)];
      const moving = [await notes.createSection(source.id), await notes.createSection(source.id)];
      const order = [...staying, ...moving].map((section) => section.id);
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => api.request('POST', '/api/sections', { notebookId: target.id })),
        api.request('PUT', `/api/notebooks/${target.id}/sections/order`, { ids: order }),
        ...Array.from({ length: 4 }, () => api.request('POST', '/api/sections', { notebookId: target.id })),
      ]);
      // The move lists every section it knew of; one created before it commits makes it a 400.
      for (const res of answers) expect([200, 201, 204, 400], res.body).toContain(res.statusCode);
      const tree = await notes.tree();
      const positions = tree.notebooks
        .find((notebook) => notebook.id === target.id)
        ?.sections.map((section) => section.position);
      expect(positions).toEqual(positions?.map((_, index) => index));
    }
  });

  /** Creates into a parent while it is deleted: each answer is 201 (created first) or 404, never 500. */
  async function expectCreatedOrNotFound(
    create: () => Promise<LightMyRequestResponse>,
    remove: () => Promise<LightMyRequestResponse>,
  ) {
    const answers = await Promise.all([
      ...Array.from({ length: parallel / 2 }, create),
      remove(),
      ...Array.from({ length: parallel / 2 }, create),
    ]);
    const removal = answers.splice(parallel / 2, 1)[0];
    expect(removal?.statusCode, removal?.body).toBe(204);
    for (const res of answers) {
      expect([201, 404], res.body).toContain(res.statusCode);
      if (res.statusCode === 404) expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  }

  it('a notebook deleted while sections and pages are added to it answers 404, not 500', async () => {
    const api = await freshUser();
    const { notes } = api;
    for (let round = 0; round < rounds; round++) {
      const notebook = await notes.createNotebook();
      const section = await notes.createSection(notebook.id);
      await expectCreatedOrNotFound(
        () =>
          round % 2
            ? api.request('POST', '/api/sections', { notebookId: notebook.id })
            : api.request('POST', '/api/notes', { sectionId: section.id }),
        () => api.request('DELETE', `/api/notebooks/${notebook.id}`),
      );
    }
  });

  it('a category deleted while tasks and subtasks are added to it answers 404, not 500', async () => {
    const api = await freshUser();
    const todo = await api.createTodo();
    for (let round = 0; round < rounds; round++) {
      const category = await api.createCategory(todo.id);
      const task = await api.createTask(todo.id, { categoryId: category.id });
      await expectCreatedOrNotFound(
        () =>
          round % 2
            ? api.request('POST', '/api/tasks', { todoId: todo.id, categoryId: category.id })
            : api.request('POST', `/api/tasks/${task.id}/subtasks`, { text: 'x' }),
        () => api.request('DELETE', `/api/categories/${category.id}`),
      );
    }
  });

  it('a to-do list deleted while tasks are added to it answers 404, not 500', async () => {
    const api = await freshUser();
    for (let round = 0; round < rounds; round++) {
      const todo = await api.createTodo();
      const category = await api.createCategory(todo.id);
      await expectCreatedOrNotFound(
        () =>
          api.request(
            'POST',
            '/api/tasks',
            round % 2 ? { todoId: todo.id } : { todoId: todo.id, categoryId: category.id },
          ),
        () => api.request('DELETE', `/api/todos/${todo.id}`),
      );
    }
  });
});
