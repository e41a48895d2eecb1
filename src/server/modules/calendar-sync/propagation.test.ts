import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasksChanged } from '../../lib/task-hooks.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { warmImportWorker } from '../backup/backup-import-thread.ts';
import { newTodosApi, type TodosApi } from '../todos/todos-test-helpers.ts';
import {
  type CalendarFakes,
  connect,
  dueTask,
  startCalendarFakes,
  syncTask,
  taskEvents,
} from './calendar-sync-test-helpers.ts';

const SECOND = 1000;

describe.each(testEngines)('calendar propagation on %s', (engine) => {
  let ctx: TestContext;
  let fakes: CalendarFakes;

  beforeAll(async () => {
    fakes = await startCalendarFakes();
    ctx = await buildTestApp(engine, fakes.env);
    // The import's worker thread starts here, not inside the first test's timeout.
    await warmImportWorker();
  });
  afterAll(async () => {
    await ctx.close();
    await fakes.close();
  });

  /** A user with a due task synced to a fresh Google connection. */
  async function syncedToGoogle(timeZone = 'Europe/Paris') {
    const api = await newTodosApi(ctx);
    const google = await connect(api, 'google', timeZone);
    const { todo, task } = await dueTask(api);
    const event = await syncTask(api, task.id, google.id);
    const onGoogle = () => fakes.google.events().find((entry) => entry.id === event.eventId);
    return { api, google, todo, task, event, onGoogle };
  }

  const patch = async (api: TodosApi, taskId: string, body: object) => {
    const res = await api.request('PATCH', `/api/tasks/${taskId}`, body);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('moves the event when the due date changes, after the answer, and marks the row synced', async () => {
    const { api, task, onGoogle } = await syncedToGoogle();
    await patch(api, task.id, { dueDate: '2030-04-02', text: 'Write the report' });
    await ctx.settle();
    expect(onGoogle()?.start).toEqual({ dateTime: '2030-04-02T09:00:00', timeZone: 'Europe/Paris' });
    expect(onGoogle()?.end.dateTime).toBe('2030-04-02T10:30:00');
    expect(onGoogle()?.summary).toBe('Write the report');
    const [row] = await taskEvents(api, task.id);
    expect(row).toMatchObject({ syncStatus: 'synced', error: null });
  });

  it('follows estimate, completion and subtask changes', async () => {
    const { api, task, onGoogle } = await syncedToGoogle();
    const { subtasks } = await api.getTask(task.id);
    const done = await api.request('PATCH', `/api/subtasks/${subtasks[0]?.id}`, { completed: true });
    expect(done.statusCode, done.body).toBe(200);
    await patch(api, task.id, { estimatedTime: 30, completed: true });
    await ctx.settle();
    expect(onGoogle()?.end.dateTime).toBe('2030-03-14T09:30:00');
    expect(onGoogle()?.description).toContain('[x] Outline');
    expect(onGoogle()?.status).toBe('confirmed');
  });

  it('deletes the event when the task is deleted, and when its list is', async () => {
    const first = await syncedToGoogle();
    const removed = await first.api.request('DELETE', `/api/tasks/${first.task.id}`);
    expect(removed.statusCode).toBe(204);
    await ctx.settle();
    expect(first.onGoogle()).toBeUndefined();

    const second = await syncedToGoogle();
    expect((await second.api.request('DELETE', `/api/todos/${second.todo.id}`)).statusCode).toBe(204);
    await ctx.settle();
    expect(second.onGoogle()).toBeUndefined();
  });

  it('deletes the event when an import clearing existing data removes its task', async () => {
    const { api, onGoogle } = await syncedToGoogle();
    const arrays = ['notebooks', 'sections', 'notes', 'todos', 'todoCategories', 'todoItems', 'todoSubtasks'];
    const file = {
      version: '1.0.0',
      exportedAt: new Date().toISOString(),
      userId: 'someone',
      ...Object.fromEntries(arrays.map((name) => [name, []])),
      calendarIntegrations: [],
      taskCalendarEvents: [],
    };
    expect(onGoogle()).toBeDefined();
    const imported = await api.request('POST', '/api/backup/import?clearExisting=true', file);
    expect(imported.statusCode, imported.body).toBe(200);
    await ctx.settle();
    expect(onGoogle()).toBeUndefined();
  });

  it('retries after a 429 with backoff and then succeeds', async () => {
    const { api, task, onGoogle } = await syncedToGoogle();
    fakes.google.failNext(429, 1, 1);
    await patch(api, task.id, { dueDate: '2030-05-01' });
    await ctx.settle();
    // The first attempt was refused: still pending, the provider's message shown, the event unmoved.
    expect((await taskEvents(api, task.id))[0]).toMatchObject({
      syncStatus: 'pending',
      error: 'Rate Limit Exceeded',
    });
    expect(onGoogle()?.start.dateTime).toBe('2030-03-14T09:00:00');
    ctx.clock.advance(10 * SECOND);
    await ctx.settle();
    expect(onGoogle()?.start.dateTime).toBe('2030-05-01T09:00:00');
    expect((await taskEvents(api, task.id))[0]).toMatchObject({ syncStatus: 'synced', error: null });
  });

  it("waits at least the provider's Retry-After before trying again", async () => {
    const { api, task, onGoogle } = await syncedToGoogle();
    fakes.google.failNext(429, 1, 30);
    await patch(api, task.id, { dueDate: '2030-05-20' });
    await ctx.settle();
    ctx.clock.advance(10 * SECOND);
    await ctx.settle();
    // The worker's own backoff (about 5 s) has passed, the provider's 30 s have not.
    expect(onGoogle()?.start.dateTime).toBe('2030-03-14T09:00:00');
    ctx.clock.advance(25 * SECOND);
    await ctx.settle();
    expect(onGoogle()?.start.dateTime).toBe('2030-05-20T09:00:00');
  });

  it('marks the row failed with the provider message on a refusal it cannot retry', async () => {
    const { api, task } = await syncedToGoogle();
    fakes.google.failNext(403);
    await patch(api, task.id, { dueDate: '2030-06-01' });
    await ctx.settle();
    expect((await taskEvents(api, task.id))[0]).toMatchObject({
      syncStatus: 'failed',
      error: 'The request is missing a valid API key.',
    });
    // The next change tries again.
    await patch(api, task.id, { dueDate: '2030-06-02' });
    await ctx.settle();
    expect((await taskEvents(api, task.id))[0]).toMatchObject({ syncStatus: 'synced', error: null });
  });

  it('recreates an event deleted on the provider side at the next change', async () => {
    const api = await newTodosApi(ctx);
    const outlook = await connect(api, 'outlook');
    const { task } = await dueTask(api, 'Comes back');
    const first = await syncTask(api, task.id, outlook.id);
    fakes.microsoft.removeEvent(first.eventId);
    await patch(api, task.id, { dueDate: '2030-08-01' });
    await ctx.settle();
    const [row] = await taskEvents(api, task.id);
    expect(row).toMatchObject({ syncStatus: 'synced' });
    expect(row?.eventId).not.toBe(first.eventId);
    const back = fakes.microsoft.events().find((entry) => entry.id === row?.eventId);
    expect(back?.start.dateTime).toBe('2030-08-01T09:00:00');
  });

  it('stops syncing a paused calendar, and resumes on the next change', async () => {
    const { api, google, task, onGoogle } = await syncedToGoogle();
    const paused = await api.request('PATCH', `/api/calendar/integrations/${google.id}`, { isActive: false });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ isActive: false });
    const calls = fakes.google.apiRequests.length;
    await patch(api, task.id, { dueDate: '2030-07-01' });
    await ctx.settle();
    expect(fakes.google.apiRequests.length).toBe(calls);
    expect(onGoogle()?.start.dateTime).toBe('2030-03-14T09:00:00');
    await api.request('PATCH', `/api/calendar/integrations/${google.id}`, { isActive: true });
    await patch(api, task.id, { dueDate: '2030-07-02' });
    await ctx.settle();
    expect(onGoogle()?.start.dateTime).toBe('2030-07-02T09:00:00');
  });

  it('coalesces a burst of changes into one job per event', async () => {
    const { api, task } = await syncedToGoogle();
    await ctx.settle();
    const { db } = ctx.deps.database;
    // Five changes in one transaction (no worker can run in between): one push job.
    const queued = await db.transaction().execute(async (trx) => {
      const results: boolean[] = [];
      for (let index = 0; index < 5; index++) {
        results.push(await tasksChanged(ctx.deps, trx, api.userId, { column: 'id', value: task.id }));
      }
      const jobs = await trx
        .selectFrom('jobs')
        .select('payload')
        .where('kind', '=', 'calendar.push')
        .where('done_at', 'is', null)
        .execute();
      return { results, jobs: jobs.filter((job) => job.payload.includes('eventRowId')).length };
    });
    expect(queued.results).toEqual([true, false, false, false, false]);
    expect(queued.jobs).toBe(1);
    await ctx.settle();
    expect((await taskEvents(api, task.id))[0]).toMatchObject({ syncStatus: 'synced' });
  });
});
