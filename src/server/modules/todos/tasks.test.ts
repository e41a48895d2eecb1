import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../../shared/schemas/task.ts';
import type { Category, Todo } from '../../../shared/schemas/todo.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { expectError } from '../notes/notes-test-helpers.ts';
import { newTodosApi, type TodosApi } from './todos-test-helpers.ts';

describe.each(testEngines)('tasks and subtasks on %s', (engine) => {
  let ctx: TestContext;
  let api: TodosApi;
  let todo: Todo;
  let category: Category;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    api = await newTodosApi(ctx);
    todo = await api.createTodo();
    category = await api.createCategory(todo.id);
  });
  afterAll(() => ctx.close());

  it('creates a task with the defaults at the end of its category', async () => {
    // Its own empty category: the shared one holds whatever tests ran before (any order, docs/testing.md).
    const todo = await api.createTodo();
    const category = await api.createCategory(todo.id);
    const first = await api.createTask(todo.id, { categoryId: category.id });
    expect(first).toMatchObject({
      text: 'New Task',
      completed: false,
      dueDate: null,
      priority: 'medium',
      estimatedTime: null,
      todoId: todo.id,
      categoryId: category.id,
    });
    const second = await api.createTask(todo.id, { categoryId: category.id, text: ' Call mum ' });
    expect(second).toMatchObject({ text: 'Call mum', position: first.position + 1 });
    const listed = await api.tasksOf(category.id);
    expect(listed.map((task) => task.id)).toEqual([first.id, second.id]);
    expect(listed[0]).toMatchObject({ subtasksCompleted: 0, subtasksTotal: 0 });
  });

  it('puts a task without a category into No Category, creating it once at the end', async () => {
    const fresh = await api.createTodo();
    const existing = await api.createCategory(fresh.id, { title: 'Existing' });
    const first = await api.createTask(fresh.id);
    const second = await api.createTask(fresh.id, { text: 'Second' });
    expect(second.categoryId).toBe(first.categoryId);
    const categories = (await api.tree()).todos.find((t) => t.id === fresh.id)?.categories ?? [];
    expect(
      categories.map((c) => [c.id === existing.id ? 'existing' : c.title, c.position, c.activeCount]),
    ).toEqual([
      ['existing', 0, 0],
      ['No Category', 1, 2],
    ]);
    expect(categories[1]?.id).toBe(first.categoryId);
  });

  it('creates a task with its due date and priority in one request (quick add), validating both', async () => {
    const todo = await api.createTodo();
    const category = await api.createCategory(todo.id);
    const task = await api.createTask(todo.id, {
      categoryId: category.id,
      text: 'Pay rent',
      dueDate: '2026-11-24',
      priority: 'high',
    });
    expect(task).toMatchObject({ text: 'Pay rent', dueDate: '2026-11-24', priority: 'high' });
    expect(await api.getTask(task.id)).toMatchObject({ dueDate: '2026-11-24', priority: 'high' });
    expect((await api.createTask(todo.id, { categoryId: category.id, dueDate: null })).dueDate).toBeNull();

    for (const bad of [{ dueDate: '2026-02-30' }, { dueDate: 'tomorrow' }, { priority: 'p1' }]) {
      const refused = await api.request('POST', '/api/tasks', {
        todoId: todo.id,
        categoryId: category.id,
        ...bad,
      });
      expectError(refused, 400, 'validation_failed');
    }
    // Nothing was written by the refused requests.
    expect(await api.tasksOf(category.id)).toHaveLength(2);
  });

  it('refuses a category of another todo', async () => {
    const other = await api.createTodo();
    expectError(
      await api.request('POST', '/api/tasks', { todoId: other.id, categoryId: category.id }),
      404,
      'not_found',
    );
  });

  it('edits text, due date, priority and estimate, validating each', async () => {
    const task = await api.createTask(todo.id, { categoryId: category.id });
    const res = await api.request('PATCH', `/api/tasks/${task.id}`, {
      text: 'Plan trip',
      dueDate: '2025-11-05',
      priority: 'urgent',
      estimatedTime: 90,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      text: 'Plan trip',
      dueDate: '2025-11-05',
      priority: 'urgent',
      estimatedTime: 90,
    });

    const cleared = await api.request('PATCH', `/api/tasks/${task.id}`, { dueDate: null, estimatedTime: 0 });
    expect(cleared.json()).toMatchObject({ dueDate: null, estimatedTime: null });
    const nulled = await api.request('PATCH', `/api/tasks/${task.id}`, { estimatedTime: 45 });
    expect(nulled.json()).toMatchObject({ estimatedTime: 45 });
    expect(
      (await api.request('PATCH', `/api/tasks/${task.id}`, { estimatedTime: null })).json(),
    ).toMatchObject({
      estimatedTime: null,
    });

    const bad: object[] = [
      { dueDate: '2025-02-30' },
      { dueDate: '05/11/2025' },
      { priority: 'critical' },
      { estimatedTime: -1 },
      { estimatedTime: 1.5 },
      { estimatedTime: 10_000 * 60 },
      { text: '   ' },
      { completed: 'yes' },
      {},
    ];
    for (const body of bad) {
      const refused = await api.request('PATCH', `/api/tasks/${task.id}`, body);
      expectError(refused, 400, 'validation_failed');
    }
    expect(await api.getTask(task.id)).toMatchObject({
      text: 'Plan trip',
      priority: 'urgent',
      estimatedTime: null,
    });
  });

  it('refuses completing a task with open subtasks, then allows it once they are done', async () => {
    const task = await api.createTask(todo.id, { categoryId: category.id });
    const one = await api.addSubtask(task.id, 'one');
    const two = await api.addSubtask(task.id, 'two');
    await api.request('PATCH', `/api/subtasks/${one.id}`, { completed: true });

    const refused = expectError(
      await api.request('PATCH', `/api/tasks/${task.id}`, { completed: true, text: 'Not saved either' }),
      409,
      'incomplete_subtasks',
    );
    expect(refused.message).toBe('Complete 1 subtask(s) first');
    expect(await api.getTask(task.id)).toMatchObject({ completed: false, text: 'New Task' });

    await api.request('PATCH', `/api/subtasks/${two.id}`, { completed: true });
    const done = await api.request('PATCH', `/api/tasks/${task.id}`, { completed: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ completed: true });

    // Reopening is always allowed, even with an open subtask.
    await api.request('PATCH', `/api/subtasks/${two.id}`, { completed: false });
    const reopened = await api.request('PATCH', `/api/tasks/${task.id}`, { completed: false });
    expect(reopened.json()).toMatchObject({ completed: false });
    const listed = (await api.tasksOf(category.id)).find((t) => t.id === task.id);
    expect(listed).toMatchObject({ subtasksCompleted: 1, subtasksTotal: 2 });
  });

  it('adds, edits, reorders and deletes subtasks; blank text is refused', async () => {
    const task = await api.createTask(todo.id, { categoryId: category.id });
    const a = await api.addSubtask(task.id, '  first  ');
    expect(a).toMatchObject({ text: 'first', completed: false, position: 0, taskId: task.id });
    const b = await api.addSubtask(task.id, 'second');
    const c = await api.addSubtask(task.id, 'third');
    expectError(
      await api.request('POST', `/api/tasks/${task.id}/subtasks`, { text: '   ' }),
      400,
      'validation_failed',
    );

    const edited = await api.request('PATCH', `/api/subtasks/${b.id}`, { text: 'Second, edited' });
    expect(edited.json()).toMatchObject({ text: 'Second, edited' });
    expectError(await api.request('PATCH', `/api/subtasks/${b.id}`, { text: '' }), 400, 'validation_failed');

    const order = [c.id, a.id, b.id];
    expect(
      (await api.request('PUT', `/api/tasks/${task.id}/subtasks/order`, { ids: order })).statusCode,
    ).toBe(204);
    const detail = await api.getTask(task.id);
    expect(detail.subtasks.map((s) => [s.id, s.position])).toEqual(order.map((id, index) => [id, index]));
    expectError(
      await api.request('PUT', `/api/tasks/${task.id}/subtasks/order`, { ids: [c.id, a.id] }),
      400,
      'validation_failed',
    );

    expect((await api.request('DELETE', `/api/subtasks/${a.id}`)).statusCode).toBe(204);
    expect((await api.getTask(task.id)).subtasks.map((s) => s.id)).toEqual([c.id, b.id]);
    expectError(await api.request('DELETE', `/api/subtasks/${a.id}`), 404, 'not_found');
  });

  it('reorders tasks and moves one to a category of another todo; its todo follows', async () => {
    const home = await api.createCategory(todo.id, { title: 'Home' });
    const otherTodo = await api.createTodo();
    const away = await api.createCategory(otherTodo.id, { title: 'Away' });
    const tasks: Task[] = [];
    for (const text of ['one', 'two', 'three'])
      tasks.push(await api.createTask(todo.id, { categoryId: home.id, text }));
    const [one, two, three] = tasks as [Task, Task, Task];
    const there = await api.createTask(otherTodo.id, { categoryId: away.id });

    const reorder = await api.request('PUT', `/api/categories/${home.id}/tasks/order`, {
      ids: [three.id, one.id, two.id],
    });
    expect(reorder.statusCode).toBe(204);
    expect((await api.tasksOf(home.id)).map((t) => t.id)).toEqual([three.id, one.id, two.id]);

    const move = await api.request('PUT', `/api/categories/${away.id}/tasks/order`, {
      ids: [one.id, there.id],
    });
    expect(move.statusCode, move.body).toBe(204);
    expect(await api.getTask(one.id)).toMatchObject({
      categoryId: away.id,
      todoId: otherTodo.id,
      position: 0,
    });
    expect((await api.tasksOf(home.id)).map((t) => [t.id, t.position])).toEqual([
      [three.id, 0],
      [two.id, 1],
    ]);
    expect((await api.tasksOf(away.id)).map((t) => t.id)).toEqual([one.id, there.id]);

    expectError(
      await api.request('PUT', `/api/categories/${away.id}/tasks/order`, { ids: [one.id] }),
      400,
      'validation_failed',
    );
  });

  it('deletes a task with its subtasks', async () => {
    const task = await api.createTask(todo.id, { categoryId: category.id });
    const subtask = await api.addSubtask(task.id, 'goes too');
    expect((await api.request('DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(204);
    expectError(await api.request('GET', `/api/tasks/${task.id}`), 404, 'not_found');
    expectError(
      await api.request('PATCH', `/api/subtasks/${subtask.id}`, { completed: true }),
      404,
      'not_found',
    );
    expectError(await api.request('DELETE', `/api/tasks/${task.id}`), 404, 'not_found');
  });
});
