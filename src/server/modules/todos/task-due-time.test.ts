import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { Todo } from '../../../shared/schemas/todo.ts';
import { signedInUser, signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { expectError } from '../notes/notes-test-helpers.ts';
import { newTodosApi, type TodosApi, todosApiFor } from './todos-test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const needsDate = { dueTime: messages.todos.dueTimeNeedsDate };

describe.each(testEngines)("a task's due time and description on %s", (engine) => {
  let ctx: TestContext;
  let api: TodosApi;
  let todo: Todo;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    api = await newTodosApi(ctx);
    todo = await api.createTodo();
  });
  afterAll(() => ctx.close());

  const patch = (id: string, body: object) => api.request('PATCH', `/api/tasks/${id}`, body);

  it('creates a task with a time on its date (quick add), all day without one', async () => {
    const timed = await api.createTask(todo.id, {
      text: 'Pay rent',
      dueDate: '2026-11-28',
      dueTime: '17:00',
    });
    expect(timed).toMatchObject({ dueDate: '2026-11-28', dueTime: '17:00', description: '' });
    expect(await api.getTask(timed.id)).toMatchObject({ dueTime: '17:00' });
    const allDay = await api.createTask(todo.id, { dueDate: '2026-11-28' });
    expect(allDay.dueTime).toBeNull();
  });

  it('refuses a time without a date, or a time that is no HH:MM, with a field message', async () => {
    for (const body of [{ dueTime: '17:00' }, { dueTime: '17:00', dueDate: null }]) {
      const refused = expectError(
        await api.request('POST', '/api/tasks', { todoId: todo.id, ...body }),
        400,
        'validation_failed',
      );
      expect(refused.fields).toEqual(needsDate);
    }
    for (const dueTime of ['24:00', '5pm', '7:5', '17:00:00']) {
      const refused = await api.request('POST', '/api/tasks', {
        todoId: todo.id,
        dueDate: '2026-11-28',
        dueTime,
      });
      expect(expectError(refused, 400, 'validation_failed').fields).toEqual({
        dueTime: messages.todos.dueTimeInvalid,
      });
    }
  });

  it('sets, changes and clears the time; clearing the date clears the time', async () => {
    const task = await api.createTask(todo.id, { text: 'Call the bank' });
    // No date yet: a time alone is refused, and nothing changes.
    expect(expectError(await patch(task.id, { dueTime: '09:30' }), 400, 'validation_failed').fields).toEqual(
      needsDate,
    );
    expect(
      expectError(await patch(task.id, { dueTime: '09:30', dueDate: null }), 400, 'validation_failed').fields,
    ).toEqual(needsDate);
    expect((await api.getTask(task.id)).dueTime).toBeNull();

    expect((await patch(task.id, { dueDate: '2026-12-01', dueTime: '09:30' })).json()).toMatchObject({
      dueDate: '2026-12-01',
      dueTime: '09:30',
    });
    // A time alone on a task that has a date, then all day again.
    expect((await patch(task.id, { dueTime: '17:45' })).json()).toMatchObject({ dueTime: '17:45' });
    expect((await patch(task.id, { dueTime: null })).json()).toMatchObject({
      dueDate: '2026-12-01',
      dueTime: null,
    });
    // Moving the date keeps the time; clearing it clears the time.
    await patch(task.id, { dueTime: '08:00' });
    expect((await patch(task.id, { dueDate: '2026-12-02' })).json()).toMatchObject({ dueTime: '08:00' });
    expect((await patch(task.id, { dueDate: null })).json()).toMatchObject({ dueDate: null, dueTime: null });
    expect(await api.getTask(task.id)).toMatchObject({ dueDate: null, dueTime: null });
  });

  it('saves a Markdown description, up to 20,000 characters', async () => {
    const task = await api.createTask(todo.id);
    const text = '# Steps\n\n- [ ] call the landlord\n- **then** pay';
    expect((await patch(task.id, { description: text })).json()).toMatchObject({ description: text });
    expect((await api.getTask(task.id)).description).toBe(text);
    const listed = (await api.tasksOf(task.categoryId)).find((entry) => entry.id === task.id);
    expect(listed?.description).toBe(text);

    expect((await patch(task.id, { description: 'x'.repeat(20_000) })).statusCode).toBe(200);
    const tooLong = expectError(
      await patch(task.id, { description: 'x'.repeat(20_001) }),
      400,
      'validation_failed',
    );
    expect(tooLong.fields).toEqual({ description: messages.todos.descriptionTooLong });
    expect((await patch(task.id, { description: '' })).json()).toMatchObject({ description: '' });
  });

  it("answers 404 for another user's task, changing nothing", async () => {
    const task = await api.createTask(todo.id, { dueDate: '2026-12-01', dueTime: '10:00' });
    const other = await newTodosApi(ctx);
    for (const body of [{ dueTime: '11:00' }, { description: 'mine now' }, { dueDate: null }]) {
      expectError(await other.request('PATCH', `/api/tasks/${task.id}`, body), 404, 'not_found');
    }
    expect(await api.getTask(task.id)).toMatchObject({
      dueDate: '2026-12-01',
      dueTime: '10:00',
      description: '',
    });
  });
});

/** Its own app: the expired trial moves the shared clock, which would make every other user read-only. */
describe.each(testEngines)('due time and description when read-only on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  it('refuses the new fields with 403 read_only once the trial is over', async () => {
    const user = await signedInUser(ctx);
    const own = todosApiFor(ctx, user.userId, user.cookies);
    const ownTodo = await own.createTodo();
    const task = await own.createTask(ownTodo.id, { dueDate: '2026-12-01' });
    ctx.clock.advance(8 * DAY);
    const late = todosApiFor(ctx, user.userId, await signIn(ctx, user.email, user.password));
    for (const body of [{ dueTime: '11:00' }, { description: 'late' }]) {
      expectError(await late.request('PATCH', `/api/tasks/${task.id}`, body), 403, 'read_only');
    }
    const created = await late.request('POST', '/api/tasks', {
      todoId: ownTodo.id,
      dueDate: '2026-12-01',
      dueTime: '11:00',
    });
    expectError(created, 403, 'read_only');
    expect(await late.getTask(task.id)).toMatchObject({ dueTime: null, description: '' });
  });
});
