import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { Label, LabelsResponse, LabelTasksResponse } from '../../../shared/schemas/label.ts';
import type { CategoryTasksResponse, Task } from '../../../shared/schemas/task.ts';
import { signedInUser, signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { expectError } from '../notes/notes-test-helpers.ts';
import { newTodosApi, type TodosApi, todosApiFor } from './todos-test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

async function json<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>, status: number) {
  const done = await res;
  expect(done.statusCode, done.body).toBe(status);
  return done.json() as T;
}

const labelApi = (api: TodosApi) => ({
  list: async () => (await json<LabelsResponse>(api.request('GET', '/api/labels'), 200)).labels,
  create: (body: object) => json<Label>(api.request('POST', '/api/labels', body), 201),
  tasks: async (id: string) =>
    (await json<LabelTasksResponse>(api.request('GET', `/api/labels/${id}/tasks`), 200)).tasks,
  setLabels: (taskId: string, labelIds: string[]) =>
    json<Task>(api.request('PATCH', `/api/tasks/${taskId}`, { labelIds }), 200),
});

describe.each(testEngines)('labels on %s', (engine) => {
  let ctx: TestContext;
  let api: TodosApi;
  let labels: ReturnType<typeof labelApi>;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    api = await newTodosApi(ctx);
    labels = labelApi(api);
  });
  afterAll(() => ctx.close());

  it('creates, lists by name, renames and recolours a label', async () => {
    // Its own user: the shared one holds whatever tests ran before (any order, docs/testing.md).
    const api = await newTodosApi(ctx);
    const labels = labelApi(api);
    const zeta = await labels.create({ name: '  Zeta ', color: '#10B981' });
    expect(zeta).toMatchObject({ name: 'Zeta', color: '#10B981', taskCount: 0 });
    const alpha = await labels.create({ name: 'alpha' });
    expect(alpha.color).toMatch(/^#[0-9A-F]{6}$/);
    expect((await labels.list()).map((l) => l.name)).toEqual(['alpha', 'Zeta']);
    const renamed = await json<Label>(
      api.request('PATCH', `/api/labels/${zeta.id}`, { name: 'Beta', color: '#EF4444' }),
      200,
    );
    expect(renamed).toMatchObject({ id: zeta.id, name: 'Beta', color: '#EF4444' });
    // Its own name in another case is a rename, not a clash.
    await json<Label>(api.request('PATCH', `/api/labels/${zeta.id}`, { name: 'BETA' }), 200);
  });

  it('refuses a name another label has, whatever its case: 409 with a clear message', async () => {
    const first = await labels.create({ name: 'Errands' });
    const error = expectError(await api.request('POST', '/api/labels', { name: 'errands' }), 409, 'conflict');
    expect(error.message).toBe(messages.labels.nameTaken('errands'));
    const other = await labels.create({ name: 'Shopping' });
    expectError(await api.request('PATCH', `/api/labels/${other.id}`, { name: 'ERRANDS' }), 409, 'conflict');
    expect(
      (await labels.list()).filter((l) => l.id === first.id || l.id === other.id).map((l) => l.name),
    ).toEqual(['Errands', 'Shopping']);
  });

  it('validates names: trimmed, 1 to 60 characters', async () => {
    expectError(await api.request('POST', '/api/labels', { name: '   ' }), 400, 'validation_failed');
    expectError(await api.request('POST', '/api/labels', { name: 'x'.repeat(61) }), 400, 'validation_failed');
    await labels.create({ name: 'y'.repeat(60) });
  });

  it("sets a task's labels on update, carries them in every task answer, and caps them", async () => {
    const todo = await api.createTodo();
    const task = await api.createTask(todo.id, { text: 'Buy milk' });
    expect(task.labelIds).toEqual([]);
    const home = await labels.create({ name: 'home-1' });
    const shop = await labels.create({ name: 'errands-1' });
    const updated = await labels.setLabels(task.id, [home.id, shop.id]);
    // By label name.
    expect(updated.labelIds).toEqual([shop.id, home.id]);
    expect((await api.getTask(task.id)).labelIds).toEqual([shop.id, home.id]);
    expect((await api.tasksOf(task.categoryId)).map((t) => t.labelIds)).toEqual([[shop.id, home.id]]);
    expect((await labels.list()).find((l) => l.id === home.id)?.taskCount).toBe(1);
    expect((await labels.setLabels(task.id, [home.id])).labelIds).toEqual([home.id]);
    const many = Array.from(
      { length: 21 },
      (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    );
    expectError(
      await api.request('PATCH', `/api/tasks/${task.id}`, { labelIds: many }),
      400,
      'validation_failed',
    );
    expectError(
      await api.request('PATCH', `/api/tasks/${task.id}`, { labelIds: [home.id, home.id] }),
      400,
      'validation_failed',
    );
  });

  it('creates a task with its labels in one request (quick add)', async () => {
    const todo = await api.createTodo();
    const label = await labels.create({ name: 'quick' });
    const task = await api.createTask(todo.id, { text: 'Buy milk', labelIds: [label.id] });
    expect(task.labelIds).toEqual([label.id]);
  });

  it('creates a task with labels by name: existing ones whatever their case, new ones created with it', async () => {
    const api = await newTodosApi(ctx);
    const labels = labelApi(api);
    const todo = await api.createTodo();
    const home = await labels.create({ name: 'Home' });
    const task = await api.createTask(todo.id, {
      text: 'Fix tap',
      labelNames: ['home', ' Errands ', 'ERRANDS'],
    });
    const after = await labels.list();
    expect(after.map((l) => [l.name, l.taskCount])).toEqual([
      ['Errands', 1],
      ['Home', 1],
    ]);
    expect(new Set(task.labelIds)).toEqual(new Set(after.map((l) => l.id)));
    expect(task.labelIds).toContain(home.id);
    // The `n` key's task is named by a PATCH: the same reading there.
    const named = await json<Task>(
      api.request('PATCH', `/api/tasks/${(await api.createTask(todo.id)).id}`, {
        text: 'x',
        labelNames: ['Later'],
      }),
      200,
    );
    const later = (await labels.list()).find((l) => l.name === 'Later');
    expect(named.labelIds).toEqual([later?.id]);
  });

  it('a refused task creates none of the labels it named', async () => {
    const api = await newTodosApi(ctx);
    const labels = labelApi(api);
    const todo = await api.createTodo();
    // Refused by validation, and refused further in (another todo's category answers 404).
    expectError(
      await api.request('POST', '/api/tasks', {
        todoId: todo.id,
        text: 'x'.repeat(5000),
        labelNames: ['ghost'],
      }),
      400,
      'validation_failed',
    );
    const other = await api.createTodo();
    const otherCategory = (await api.createTask(other.id)).categoryId;
    expectError(
      await api.request('POST', '/api/tasks', {
        todoId: todo.id,
        categoryId: otherCategory,
        labelNames: ['ghost'],
      }),
      404,
      'not_found',
    );
    expect((await labels.list()).map((l) => l.name)).toEqual([]);
    // Ids and names together stay within a task's labels.
    const many = Array.from({ length: 21 }, (_, i) => `l${i}`);
    expectError(
      await api.request('POST', '/api/tasks', { todoId: todo.id, labelNames: many }),
      400,
      'validation_failed',
    );
  });

  it('deleting a label takes it off its tasks and leaves the tasks', async () => {
    const todo = await api.createTodo();
    const task = await api.createTask(todo.id, { text: 'keep me' });
    const label = await labels.create({ name: 'doomed' });
    await labels.setLabels(task.id, [label.id]);
    expect((await api.request('DELETE', `/api/labels/${label.id}`)).statusCode).toBe(204);
    expect((await api.getTask(task.id)).labelIds).toEqual([]);
    expect((await labels.list()).some((l) => l.id === label.id)).toBe(false);
    expectError(await api.request('DELETE', `/api/labels/${label.id}`), 404, 'not_found');
  });

  it("deleting a task drops it from its labels' counts", async () => {
    const todo = await api.createTodo();
    const task = await api.createTask(todo.id);
    const label = await labels.create({ name: 'counted' });
    await labels.setLabels(task.id, [label.id]);
    expect((await api.request('DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(204);
    expect((await labels.list()).find((l) => l.id === label.id)?.taskCount).toBe(0);
  });

  it("lists a label's tasks across lists with their list and category titles and subtask progress", async () => {
    const home = await api.createTodo({ title: 'Home' });
    const work = await api.createTodo({ title: 'Work' });
    const homeCategory = await api.createCategory(home.id, { title: 'Kitchen' });
    const workCategory = await api.createCategory(work.id, { title: 'Office' });
    const a = await api.createTask(home.id, { categoryId: homeCategory.id, text: 'Milk' });
    await api.createTask(home.id, { categoryId: homeCategory.id, text: 'not labelled' });
    const b = await api.createTask(work.id, { categoryId: workCategory.id, text: 'Paper' });
    const label = await labels.create({ name: 'buy' });
    await labels.setLabels(a.id, [label.id]);
    await labels.setLabels(b.id, [label.id]);
    const whole = await api.addSubtask(a.id, 'whole');
    await api.addSubtask(a.id, 'oat');
    expect((await api.request('PATCH', `/api/subtasks/${whole.id}`, { completed: true })).statusCode).toBe(
      200,
    );
    const tasks = await labels.tasks(label.id);
    expect(
      tasks.map((t) => [
        t.text,
        t.todoTitle,
        t.categoryTitle,
        t.labelIds,
        t.subtasksCompleted,
        t.subtasksTotal,
      ]),
    ).toEqual([
      ['Milk', 'Home', 'Kitchen', [label.id], 1, 2],
      ['Paper', 'Work', 'Office', [label.id], 0, 0],
    ]);
  });

  it("filters a category's tasks by label and by priority", async () => {
    const todo = await api.createTodo();
    const category = await api.createCategory(todo.id);
    const label = await labels.create({ name: 'filter-me' });
    const make = (text: string, priority: string) =>
      api.createTask(todo.id, { categoryId: category.id, text, priority });
    const urgentLabelled = await make('one', 'urgent');
    const lowLabelled = await make('two', 'low');
    await make('three', 'urgent');
    await labels.setLabels(urgentLabelled.id, [label.id]);
    await labels.setLabels(lowLabelled.id, [label.id]);
    const texts = async (query: string) =>
      (
        await json<CategoryTasksResponse>(
          api.request('GET', `/api/categories/${category.id}/tasks?${query}`),
          200,
        )
      ).tasks.map((t) => t.text);
    expect(await texts(`labelId=${label.id}`)).toEqual(['one', 'two']);
    expect(await texts('priority=urgent')).toEqual(['one', 'three']);
    expect(await texts(`labelId=${label.id}&priority=urgent`)).toEqual(['one']);
    expectError(
      await api.request('GET', `/api/categories/${category.id}/tasks?priority=soon`),
      400,
      'validation_failed',
    );
  });
});

describe.each(testEngines)("another user's labels on %s", (engine) => {
  let ctx: TestContext;
  let owner: TodosApi;
  let intruder: TodosApi;
  let label: Label;
  let ownerTask: Task;
  let intruderTask: Task;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    owner = await newTodosApi(ctx);
    intruder = await newTodosApi(ctx);
    label = await labelApi(owner).create({ name: 'private' });
    ownerTask = await owner.createTask((await owner.createTodo()).id, { text: 'mine' });
    await labelApi(owner).setLabels(ownerTask.id, [label.id]);
    intruderTask = await intruder.createTask((await intruder.createTodo()).id, { text: 'theirs' });
  });
  afterAll(() => ctx.close());

  it('answers 404 for every route, and the owner keeps the label', async () => {
    expectError(
      await intruder.request('PATCH', `/api/labels/${label.id}`, { name: 'mine' }),
      404,
      'not_found',
    );
    expectError(await intruder.request('DELETE', `/api/labels/${label.id}`), 404, 'not_found');
    expectError(await intruder.request('GET', `/api/labels/${label.id}/tasks`), 404, 'not_found');
    expectError(
      await intruder.request('PATCH', `/api/tasks/${intruderTask.id}`, { labelIds: [label.id] }),
      404,
      'not_found',
    );
    expectError(
      await intruder.request('POST', '/api/tasks', { todoId: intruderTask.todoId, labelIds: [label.id] }),
      404,
      'not_found',
    );
    expect(await labelApi(intruder).list()).toEqual([]);
    // The same name is free in another account.
    await labelApi(intruder).create({ name: 'Private' });
    expect((await labelApi(owner).list()).map((l) => [l.name, l.taskCount])).toEqual([['private', 1]]);
    expect((await intruder.getTask(intruderTask.id)).labelIds).toEqual([]);
  });
});

describe.each(testEngines)('read-only labels on %s', (engine) => {
  let ctx: TestContext;
  let api: TodosApi;
  let label: Label;
  let task: Task;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    const user = await signedInUser(ctx);
    api = todosApiFor(ctx, user.userId, user.cookies);
    label = await labelApi(api).create({ name: 'trial' });
    task = await api.createTask((await api.createTodo()).id);
    ctx.clock.advance(8 * DAY);
    api = todosApiFor(ctx, user.userId, await signIn(ctx, user.email, user.password));
  });
  afterAll(() => ctx.close());

  const writes: Array<[string, () => ['POST' | 'PATCH' | 'DELETE', string, object?]]> = [
    ['create a label', () => ['POST', '/api/labels', { name: 'new' }]],
    ['rename a label', () => ['PATCH', `/api/labels/${label.id}`, { name: 'renamed' }]],
    ['delete a label', () => ['DELETE', `/api/labels/${label.id}`]],
    ['label a task', () => ['PATCH', `/api/tasks/${task.id}`, { labelIds: [label.id] }]],
  ];

  it.each(writes)('cannot %s once the trial has expired: 403 read_only', async (_what, make) => {
    const [method, url, body] = make();
    expectError(await api.request(method, url, body), 403, 'read_only');
    expect((await labelApi(api).list()).map((l) => [l.name, l.taskCount])).toEqual([['trial', 0]]);
    expect(await labelApi(api).tasks(label.id)).toEqual([]);
  });
});
