import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '../../../shared/schemas/calendar-feed.ts';
import { nextIp, signedInUser, signIn, strongPassword } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { newTodosApi, type TodosApi, todosApiFor } from '../todos/todos-test-helpers.ts';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** The path of a webcal:// feed URL (the tests speak to the app directly). */
const pathOf = (url: string) => new URL(url.replace(/^webcal:/, 'http:')).pathname;

function events(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)),
  };
}

type Verb = 'GET' | 'PUT' | 'POST';

async function settings(api: TodosApi, method: Verb, body?: object): Promise<CalendarFeed> {
  const url = method === 'POST' ? '/api/calendar-feed/regenerate' : '/api/calendar-feed';
  const res = await api.request(method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalendarFeed;
}

async function dueTask(api: TodosApi, todoId: string, text: string, changes: object) {
  const task = await api.createTask(todoId, { text });
  const res = await api.request('PATCH', `/api/tasks/${task.id}`, changes);
  expect(res.statusCode, res.body).toBe(200);
  return task.id;
}

/**
 * A fresh user (tests run shuffled, so each builds its own) with: `Write report` due 2030-03-14 with a
 * 90-minute estimate and a subtask, `Already done` (completed, due), and `No due date`.
 */
async function userWithTasks(ctx: TestContext) {
  const api = await newTodosApi(ctx);
  const todo = await api.createTodo({ title: 'Work' });
  const taskId = await dueTask(api, todo.id, 'Write report', { dueDate: '2030-03-14', estimatedTime: 90 });
  await api.addSubtask(taskId, 'Outline');
  await dueTask(api, todo.id, 'Already done', { dueDate: '2030-03-10', completed: true });
  await api.createTask(todo.id, { text: 'No due date' });
  return { api, taskId };
}

describe.each(testEngines)('private calendar feed on %s', (engine) => {
  let ctx: TestContext;

  const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: pathOf(url), headers, remoteAddress: nextIp() });

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  it('is off by default; the settings need a session', async () => {
    const { api } = await userWithTasks(ctx);
    expect(await settings(api, 'GET')).toEqual({ enabled: false, url: null, includeCompleted: false });
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/calendar-feed' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for unknown, malformed and turned-off feeds, revealing nothing', async () => {
    for (const path of [
      '/calendar/feed/nope.ics',
      `/calendar/feed/${'a'.repeat(43)}.ics`,
      `/calendar/feed/${'a'.repeat(43)}`,
    ]) {
      const res = await fetchFeed(`http://x${path}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('calendar');
    }
    const { api } = await userWithTasks(ctx);
    const on = await settings(api, 'PUT', { enabled: true });
    expect((await fetchFeed(on.url as string)).statusCode).toBe(200);
    expect(await settings(api, 'PUT', { enabled: false })).toEqual({
      enabled: false,
      url: null,
      includeCompleted: false,
    });
    expect((await fetchFeed(on.url as string)).statusCode).toBe(404);
    // On again: a new URL, the old one stays dead.
    const again = await settings(api, 'PUT', { enabled: true });
    expect(again.url).not.toBe(on.url);
    expect((await fetchFeed(on.url as string)).statusCode).toBe(404);
  });

  it('serves the due tasks as events: 09:00 floating, the estimate as duration, stable UID', async () => {
    const { api, taskId } = await userWithTasks(ctx);
    const feed = await settings(api, 'PUT', { enabled: true });
    expect(feed.url).toMatch(/^webcal:\/\/.+\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await settings(api, 'GET')).toEqual(feed);
    const res = await fetchFeed(feed.url as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['cache-control']).toContain('private');
    const { calendar, events: list } = events(res.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Task Calendar');
    expect(list.map((event) => event.summary)).toEqual(['Write report']);
    const [event] = list;
    expect(event?.uid).toBe(`${taskId}@jotlist`);
    expect(event?.startDate.toString()).toBe('2030-03-14T09:00:00');
    expect(event?.startDate.isDate).toBe(false);
    // Floating: no Z, no TZID (the server does not know the subscriber's zone; 09:00 wherever they are).
    expect(event?.startDate.zone?.tzid).toBe('floating');
    expect(res.body).toContain('DTSTART:20300314T090000\r\n');
    expect(event?.endDate.toString()).toBe('2030-03-14T10:30:00');
    expect(event?.description).toContain('[ ] Outline');
  });

  it('includes completed tasks only when asked', async () => {
    const { api } = await userWithTasks(ctx);
    const feed = await settings(api, 'PUT', { enabled: true, includeCompleted: true });
    expect(feed.includeCompleted).toBe(true);
    const res = await fetchFeed(feed.url as string);
    expect(events(res.body).events.map((event) => event.summary)).toEqual(['Already done', 'Write report']);
    await settings(api, 'PUT', { enabled: true, includeCompleted: false });
    const without = await fetchFeed(feed.url as string);
    expect(events(without.body).events.map((event) => event.summary)).toEqual(['Write report']);
  });

  it("never holds another user's tasks", async () => {
    const owner = await userWithTasks(ctx);
    const other = await newTodosApi(ctx);
    const otherTodo = await other.createTodo();
    await dueTask(other, otherTodo.id, 'Someone else', { dueDate: '2030-03-14' });
    const ownerFeed = await settings(owner.api, 'PUT', { enabled: true, includeCompleted: true });
    const otherFeed = await settings(other, 'PUT', { enabled: true, includeCompleted: true });
    expect(otherFeed.url).not.toBe(ownerFeed.url);
    const mine = (await fetchFeed(ownerFeed.url as string)).body;
    const theirs = (await fetchFeed(otherFeed.url as string)).body;
    expect(events(theirs).events.map((event) => event.summary)).toEqual(['Someone else']);
    expect(mine).not.toContain('Someone else');
  });

  it('answers 304 to If-None-Match and If-Modified-Since; a task change changes the ETag', async () => {
    const { api, taskId } = await userWithTasks(ctx);
    const { url } = await settings(api, 'PUT', { enabled: true });
    const first = await fetchFeed(url as string);
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await fetchFeed(url as string)).body).toBe(first.body);
    const byTag = await fetchFeed(url as string, { 'if-none-match': etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    expect((await fetchFeed(url as string, { 'if-modified-since': lastModified })).statusCode).toBe(304);

    ctx.clock.advance(5 * MINUTE);
    const changed = await api.request('PATCH', `/api/tasks/${taskId}`, { text: 'Write the report' });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await fetchFeed(url as string, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(events(after.body).events[0]?.summary).toBe('Write the report');
    expect((await fetchFeed(url as string, { 'if-modified-since': lastModified })).statusCode).toBe(200);
  });

  it('a deleted task or subtask gives a new ETag and leaves the body', async () => {
    const { api, taskId } = await userWithTasks(ctx);
    const { url } = await settings(api, 'PUT', { enabled: true });
    const first = await fetchFeed(url as string);
    const [subtask] = (await api.getTask(taskId)).subtasks;
    expect((await api.request('DELETE', `/api/subtasks/${subtask?.id}`)).statusCode).toBeLessThan(300);
    const withoutSubtask = await fetchFeed(url as string, { 'if-none-match': first.headers.etag as string });
    expect(withoutSubtask.statusCode).toBe(200);
    expect(withoutSubtask.body).not.toContain('Outline');
    expect((await api.request('DELETE', `/api/tasks/${taskId}`)).statusCode).toBeLessThan(300);
    const empty = await fetchFeed(url as string, { 'if-none-match': withoutSubtask.headers.etag as string });
    expect(empty.statusCode).toBe(200);
    expect(events(empty.body).events).toEqual([]);
  });

  it('regenerating makes the old URL answer 404 and the new one work', async () => {
    const { api } = await userWithTasks(ctx);
    expect((await api.request('POST', '/api/calendar-feed/regenerate')).statusCode).toBe(404);
    const before = await settings(api, 'PUT', { enabled: true });
    const renewed = await settings(api, 'POST');
    expect(renewed.url).not.toBe(before.url);
    expect((await fetchFeed(before.url as string)).statusCode).toBe(404);
    expect((await fetchFeed(renewed.url as string)).statusCode).toBe(200);
  });

  it('is deleted with the account', async () => {
    const { api } = await userWithTasks(ctx);
    const feed = await settings(api, 'PUT', { enabled: true });
    // Deleting needs the password confirmed on the session first (re-authentication).
    expect((await api.request('POST', '/api/account/reauth', { password: strongPassword })).statusCode).toBe(
      200,
    );
    const deleted = await api.request('DELETE', '/api/account', { confirmation: 'DELETE' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await fetchFeed(feed.url as string)).statusCode).toBe(404);
    const rows = await ctx.deps.database.db
      .selectFrom('calendar_feeds')
      .select('id')
      .where('user_id', '=', api.userId)
      .execute();
    expect(rows).toEqual([]);
  });
});

/** A read-only account (trial over) may still turn its feed on, renew and turn off: it only reads. */
describe.each(testEngines)('calendar feed for read-only accounts on %s', (engine) => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('can turn the feed on, regenerate it and turn it off', async () => {
    ctx = await buildTestApp(engine);
    const user = await signedInUser(ctx);
    ctx.clock.advance(8 * DAY);
    const api = todosApiFor(ctx, user.userId, await signIn(ctx, user.email, user.password));
    expect((await api.request('POST', '/api/todos', {})).statusCode).toBe(403);
    expect((await settings(api, 'PUT', { enabled: true })).enabled).toBe(true);
    expect((await settings(api, 'POST')).enabled).toBe(true);
    expect((await settings(api, 'PUT', { enabled: false })).enabled).toBe(false);
  });
});
