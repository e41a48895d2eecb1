import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInTimeZone } from '../../../shared/domain/time-zone.ts';
import { messages } from '../../../shared/messages.ts';
import type { Task, TaskOccurrencesResponse } from '../../../shared/schemas/task.ts';
import type { Todo } from '../../../shared/schemas/todo.ts';
import { signedInUser, signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { expectError } from '../notes/notes-test-helpers.ts';
import { newTodosApi, type TodosApi, todosApiFor } from './todos-test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const weekly = { rule: 'FREQ=WEEKLY;BYDAY=MO', mode: 'fixed' };

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

describe.each(testEngines)('repeating tasks on %s', (engine) => {
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
  const ok = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const done = await res;
    expect(done.statusCode, done.body).toBe(200);
    return done.json() as Task;
  };
  const history = async (id: string) =>
    ((await api.request('GET', `/api/tasks/${id}/occurrences`)).json() as TaskOccurrencesResponse)
      .occurrences;
  /** Mondays from 4 January 2027, at 09:00. */
  const repeating = async (repeat: object = weekly) => {
    const task = await api.createTask(todo.id, {
      text: 'Water plants',
      dueDate: '2027-01-04',
      dueTime: '09:00',
    });
    return ok(patch(task.id, { repeat }));
  };

  it('sets a normalised rule, and completing moves the task to the next occurrence, open', async () => {
    const task = await ok(
      patch((await api.createTask(todo.id, { dueDate: '2027-01-04' })).id, {
        repeat: { rule: 'rrule:interval=2;byday=th,mo;freq=weekly' },
      }),
    );
    expect(task.repeat).toEqual({ rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH,MO', mode: 'fixed' });
    const done = await ok(patch(task.id, { completed: true, occurrence: '2027-01-04' }));
    expect(done).toMatchObject({ completed: false, dueDate: '2027-01-07' });
    expect((await ok(patch(task.id, { completed: true }))).dueDate).toBe('2027-01-18');
    expect((await history(task.id)).map((o) => [o.date, o.action])).toEqual([
      ['2027-01-07', 'completed'],
      ['2027-01-04', 'completed'],
    ]);
  });

  it('keeps the due time and reopens the subtasks', async () => {
    const task = await repeating();
    const step = await api.addSubtask(task.id, 'fill the can');
    await api.request('PATCH', `/api/subtasks/${step.id}`, { completed: true });
    await ok(patch(task.id, { completed: true }));
    const after = await api.getTask(task.id);
    expect(after).toMatchObject({ dueDate: '2027-01-11', dueTime: '09:00', completed: false });
    expect(after.subtasks.map((s) => s.completed)).toEqual([false]);
  });

  it('undoing a completion closes again the subtasks it reopened, and only those', async () => {
    const task = await repeating();
    const [fill, pour] = [await api.addSubtask(task.id, 'fill'), await api.addSubtask(task.id, 'pour')];
    for (const step of [fill, pour])
      await api.request('PATCH', `/api/subtasks/${step.id}`, { completed: true });
    await ok(patch(task.id, { completed: true }));
    ctx.clock.advance(60_000);
    // After the completion: a new step, and one reopened step changed (done, then open again).
    const added = await api.addSubtask(task.id, 'added later');
    await api.request('PATCH', `/api/subtasks/${pour.id}`, { completed: true });
    await api.request('PATCH', `/api/subtasks/${pour.id}`, { completed: false });
    const [entry] = await history(task.id);
    ctx.clock.advance(60_000);
    await ok(api.request('DELETE', `/api/tasks/${task.id}/occurrences/${entry?.id}`));
    const after = await api.getTask(task.id);
    expect(Object.fromEntries(after.subtasks.map((s) => [s.id, s.completed]))).toEqual({
      [fill.id]: true,
      [pour.id]: false,
      [added.id]: false,
    });
  });

  it('records one completion when the same occurrence is completed twice, even at once', async () => {
    const task = await repeating();
    const twice = await Promise.all(
      [1, 2].map(() => patch(task.id, { completed: true, occurrence: '2027-01-04' })),
    );
    expect(twice.map((res) => res.statusCode)).toEqual([200, 200]);
    // A late third click (another tab) changes nothing either.
    expect((await ok(patch(task.id, { completed: true, occurrence: '2027-01-04' }))).dueDate).toBe(
      '2027-01-11',
    );
    expect((await api.getTask(task.id)).dueDate).toBe('2027-01-11');
    expect(await history(task.id)).toHaveLength(1);
    // An occurrence that is neither current nor done is refused.
    const stale = await patch(task.id, { completed: true, occurrence: '2027-02-01' });
    expect(expectError(stale, 409, 'conflict').message).toBe(messages.todos.occurrenceNotCurrent);
  });

  it('completes for good when COUNT or UNTIL has ended', async () => {
    const counted = await repeating({ rule: 'FREQ=DAILY;COUNT=2' });
    expect((await ok(patch(counted.id, { completed: true }))).dueDate).toBe('2027-01-05');
    expect(await ok(patch(counted.id, { completed: true }))).toMatchObject({
      completed: true,
      dueDate: '2027-01-05',
    });
    const until = await repeating({ rule: 'FREQ=WEEKLY;UNTIL=20270110' });
    expect((await ok(patch(until.id, { completed: true }))).completed).toBe(true);
    expect(await history(until.id)).toHaveLength(1);
  });

  it('skips an occurrence, and refuses to skip a task that does not repeat', async () => {
    const task = await repeating();
    const skipped = await ok(api.request('POST', `/api/tasks/${task.id}/skip`, {}));
    expect(skipped).toMatchObject({ dueDate: '2027-01-11', completed: false });
    expect((await history(task.id)).map((o) => [o.date, o.time, o.action])).toEqual([
      ['2027-01-04', '09:00', 'skipped'],
    ]);
    const plain = await api.createTask(todo.id, { dueDate: '2027-01-04' });
    const refused = await api.request('POST', `/api/tasks/${plain.id}/skip`, {});
    expect(expectError(refused, 409, 'conflict').message).toBe(messages.todos.notRepeating);
  });

  it('counts after-completion rules from the day it is completed', async () => {
    const task = await repeating({ rule: 'FREQ=DAILY;INTERVAL=3', mode: 'afterCompletion' });
    const today = dayInTimeZone(ctx.clock.now, 'UTC');
    expect((await ok(patch(task.id, { completed: true }))).dueDate).toBe(plusDays(today, 3));
  });

  it('sets a first due date from the rule when created without one', async () => {
    const task = await api.createTask(todo.id, { text: 'Water plants', repeat: weekly });
    const today = dayInTimeZone(ctx.clock.now, 'UTC');
    const due = task.dueDate ?? '';
    expect(new Date(`${due}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(due >= today && due <= plusDays(today, 6)).toBe(true);
    expect(task.repeat).toEqual(weekly);
    // Quick add's `standup every monday 9am`: a time and a repeat, no day: the first Monday at 09:00.
    const timed = await api.createTask(todo.id, { text: 'Standup', repeat: weekly, dueTime: '09:00' });
    expect(timed.dueDate).toBe(due);
    expect(timed.dueTime).toBe('09:00');
    // A time with neither a day nor a repeat still has no day to be on.
    expectError(
      await api.request('POST', '/api/tasks', { todoId: todo.id, text: 'When?', dueTime: '09:00' }),
      400,
      'validation_failed',
    );
  });

  it('refuses garbage and a rule without a date, with field messages; clearing the date clears it', async () => {
    const task = await api.createTask(todo.id, { text: 'No date' });
    for (const repeat of [
      { rule: 'FREQ=HOURLY' },
      { rule: 'FREQ=WEEKLY;BYDAY=MO', mode: 'afterCompletion' },
    ]) {
      const res = await patch(task.id, { repeat, dueDate: '2027-01-04' });
      expect(expectError(res, 400, 'validation_failed').fields).toEqual({
        'repeat.rule': messages.todos.repeatInvalid,
      });
    }
    for (const body of [{ repeat: weekly }, { repeat: weekly, dueDate: null }]) {
      const res = await patch(task.id, body);
      expect(expectError(res, 400, 'validation_failed').fields).toEqual({
        repeat: messages.todos.repeatNeedsDate,
      });
    }
    const set = await repeating();
    expect((await ok(patch(set.id, { dueDate: null }))).repeat).toBeNull();
    const again = await repeating();
    expect(await ok(patch(again.id, { repeat: null }))).toMatchObject({
      repeat: null,
      dueDate: '2027-01-04',
    });
  });

  it('undoes the latest completion: the date comes back and the entry goes', async () => {
    const task = await repeating();
    await ok(patch(task.id, { completed: true }));
    await ok(patch(task.id, { completed: true }));
    const [latest, older] = await history(task.id);
    const tooOld = await api.request('DELETE', `/api/tasks/${task.id}/occurrences/${older?.id}`);
    expect(expectError(tooOld, 409, 'conflict').message).toBe(messages.todos.undoOnlyLatest);
    const undone = await ok(api.request('DELETE', `/api/tasks/${task.id}/occurrences/${latest?.id}`));
    expect(undone).toMatchObject({ dueDate: '2027-01-11', dueTime: '09:00', completed: false });
    expect((await history(task.id)).map((o) => o.id)).toEqual([older?.id]);
  });

  it("answers 404 for another user's task", async () => {
    const task = await repeating();
    await ok(patch(task.id, { completed: true }));
    const [entry] = await history(task.id);
    const other = await newTodosApi(ctx);
    for (const [method, url, body] of [
      ['PATCH', `/api/tasks/${task.id}`, { repeat: weekly }],
      ['PATCH', `/api/tasks/${task.id}`, { completed: true }],
      ['POST', `/api/tasks/${task.id}/skip`, {}],
      ['GET', `/api/tasks/${task.id}/occurrences`, undefined],
      ['DELETE', `/api/tasks/${task.id}/occurrences/${entry?.id}`, undefined],
    ] as const) {
      expectError(await other.request(method, url, body), 404, 'not_found');
    }
    expect(await history(task.id)).toHaveLength(1);
    expect((await api.getTask(task.id)).dueDate).toBe('2027-01-11');
  });
});

describe.each(testEngines)('repeating tasks of a read-only account on %s', (engine) => {
  let ctx: TestContext;
  let api: TodosApi;
  let task: Task;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    const user = await signedInUser(ctx);
    api = todosApiFor(ctx, user.userId, user.cookies);
    const todo = await api.createTodo();
    task = await api.createTask(todo.id, { dueDate: '2027-01-04', repeat: weekly });
    ctx.clock.advance(8 * DAY);
    api = todosApiFor(ctx, user.userId, await signIn(ctx, user.email, user.password));
  });
  afterAll(() => ctx.close());

  it('cannot complete, skip or change the repeat: 403 read_only, and the history still reads', async () => {
    for (const [method, url, body] of [
      ['PATCH', `/api/tasks/${task.id}`, { completed: true }],
      ['PATCH', `/api/tasks/${task.id}`, { repeat: null }],
      ['POST', `/api/tasks/${task.id}/skip`, {}],
    ] as const) {
      expect(expectError(await api.request(method, url, body), 403, 'read_only').message).toBe(
        messages.api.readOnly,
      );
    }
    expect(await api.getTask(task.id)).toMatchObject({ dueDate: '2027-01-04', repeat: weekly });
    expect((await api.request('GET', `/api/tasks/${task.id}/occurrences`)).statusCode).toBe(200);
  });
});
