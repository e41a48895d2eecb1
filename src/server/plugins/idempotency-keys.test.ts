import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../shared/schemas/task.ts';
import type { Todo } from '../../shared/schemas/todo.ts';
import { enqueueNow } from '../jobs/queue.ts';
import { expectError } from '../modules/notes/notes-test-helpers.ts';
import { todosApiFor } from '../modules/todos/todos-test-helpers.ts';
import { asUser, type SessionCookies, signedInUser } from '../test/auth-helpers.ts';
import { testEngines } from '../test/engines.ts';
import { buildTestApp, type TestContext } from '../test/test-app.ts';
import { registerErrorHandler } from './error-handler.ts';
import { claimKey, findKey } from './idempotency-keys.repo.ts';
import { registerIdempotencyKeys } from './idempotency-keys.ts';
import { idempotencyPruneJob } from './idempotency-prune.job.ts';

const HOUR = 60 * 60 * 1000;

describe.each(testEngines)('Idempotency-Key on %s', (engine) => {
  let ctx: TestContext;
  type User = { userId: string; cookies: SessionCookies; todo: Todo };
  let alice: User;
  let bob: User;
  const users = () => [alice, bob] as const;
  let keyCount = 0;
  const newKey = () => `key-${engine}-${Date.now()}-${keyCount++}`;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    const user = async (): Promise<User> => {
      const signedIn = await signedInUser(ctx);
      const todo = await todosApiFor(ctx, signedIn.userId, signedIn.cookies).createTodo();
      return { userId: signedIn.userId, cookies: signedIn.cookies, todo };
    };
    alice = await user();
    bob = await user();
  });
  afterAll(() => ctx.close());

  const send = (
    who: 0 | 1,
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload: object | undefined,
    key?: string,
  ) =>
    ctx.app.inject({
      method,
      url,
      ...asUser(users()[who].cookies),
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
      ...(payload === undefined ? {} : { payload }),
    });

  const tasksNamed = async (who: 0 | 1, text: string) =>
    ctx.db.db
      .selectFrom('todo_items')
      .select('id')
      .where('text', '=', text)
      .where('todo_id', '=', users()[who].todo.id)
      .execute();

  it('applies a write once: the same key and request again gets the stored answer back', async () => {
    const key = newKey();
    const body = { todoId: alice.todo.id, text: 'Buy milk once' };
    const first = await send(0, 'POST', '/api/tasks', body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const events = () =>
      ctx.db.db.selectFrom('user_events').select('id').where('user_id', '=', alice.userId).execute();
    const eventsBefore = (await events()).length;
    const again = await send(0, 'POST', '/api/tasks', body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await tasksNamed(0, 'Buy milk once')).toHaveLength(1);
    // The other tabs heard of the change once: a replay changed nothing.
    expect(await events()).toHaveLength(eventsBefore);
  });

  it("keeps keys per user: another user's same key runs that user's own request", async () => {
    const key = newKey();
    const mine = await send(0, 'POST', '/api/tasks', { todoId: alice.todo.id, text: 'Shared key A' }, key);
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = await send(1, 'POST', '/api/tasks', { todoId: bob.todo.id, text: 'Shared key B' }, key);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotency-replayed']).toBeUndefined();
    expect((theirs.json() as Task).id).not.toBe((mine.json() as Task).id);
    expect(await tasksNamed(1, 'Shared key B')).toHaveLength(1);
  });

  it('refuses a key sent again with another body, path or method (422), changing nothing', async () => {
    const key = newKey();
    const created = await send(0, 'POST', '/api/tasks', { todoId: alice.todo.id, text: 'Reused' }, key);
    expect(created.statusCode).toBe(201);
    const task = created.json() as Task;
    expectError(
      await send(0, 'POST', '/api/tasks', { todoId: alice.todo.id, text: 'Reused 2' }, key),
      422,
      'idempotency_key_reused',
    );
    expectError(
      await send(0, 'PATCH', `/api/tasks/${task.id}`, { text: 'Renamed' }, key),
      422,
      'idempotency_key_reused',
    );
    expect(await tasksNamed(0, 'Reused 2')).toHaveLength(0);
    expect(await tasksNamed(0, 'Renamed')).toHaveLength(0);
  });

  it('answers a retried DELETE as the first time, where without the key it would be a 404', async () => {
    const task = await todosApiFor(ctx, alice.userId, alice.cookies).createTask(alice.todo.id, {
      text: 'Delete me',
    });
    const key = newKey();
    const deleted = await send(0, 'DELETE', `/api/tasks/${task.id}`, undefined, key);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const retried = await send(0, 'DELETE', `/api/tasks/${task.id}`, undefined, key);
    expect(retried.statusCode, retried.body).toBe(204);
    expect(retried.headers['idempotency-replayed']).toBe('true');
    expectError(await send(0, 'DELETE', `/api/tasks/${task.id}`, undefined), 404, 'not_found');
  });

  it("keeps a request's own 4xx (a 400) but gives the key back after a 409 conflict", async () => {
    const invalid = newKey();
    const bad = await send(
      0,
      'POST',
      '/api/tasks',
      { todoId: alice.todo.id, dueDate: 'not a date' },
      invalid,
    );
    expect(bad.statusCode).toBe(400);
    const badAgain = await send(
      0,
      'POST',
      '/api/tasks',
      { todoId: alice.todo.id, dueDate: 'not a date' },
      invalid,
    );
    expect(badAgain.headers['idempotency-replayed']).toBe('true');
    expect(badAgain.json()).toEqual(bad.json());

    const notebook = await ctx.app.inject({
      method: 'POST',
      url: '/api/notebooks',
      ...asUser(alice.cookies),
      payload: { title: 'Conflicts' },
    });
    const section = await ctx.app.inject({
      method: 'POST',
      url: '/api/sections',
      ...asUser(alice.cookies),
      payload: { notebookId: (notebook.json() as { id: string }).id },
    });
    const page = await ctx.app.inject({
      method: 'POST',
      url: '/api/notes',
      ...asUser(alice.cookies),
      payload: { sectionId: (section.json() as { id: string }).id },
    });
    const pageId = (page.json() as { id: string }).id;
    // Saved elsewhere meanwhile: the queued save from version 1 conflicts.
    expect(
      (await send(0, 'PATCH', `/api/notes/${pageId}`, { content: 'Other device', baseVersion: 1 }))
        .statusCode,
    ).toBe(200);
    const queued = newKey();
    const conflict = await send(
      0,
      'PATCH',
      `/api/notes/${pageId}`,
      { content: 'Mine', baseVersion: 1 },
      queued,
    );
    expectError(conflict, 409, 'conflict');
    expect(await findKey(ctx.db.db, alice.userId, queued)).toBeUndefined();
    // Once resolved the client may send the settled save with the same key: it runs.
    const settled = await send(
      0,
      'PATCH',
      `/api/notes/${pageId}`,
      { content: 'Mine', baseVersion: 2, resolvesConflict: true },
      queued,
    );
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.headers['idempotency-replayed']).toBeUndefined();
  });

  it('refuses a malformed key with a field message (400)', async () => {
    const error = expectError(
      await send(0, 'POST', '/api/tasks', { todoId: alice.todo.id, text: 'Bad key' }, 'short'),
      400,
      'validation_failed',
    );
    expect(error.fields?.['Idempotency-Key']).toMatch(/8 to 100/);
    expect(await tasksNamed(0, 'Bad key')).toHaveLength(0);
  });

  it('forgets keys after 24 hours: the hourly job prunes them, and an expired one is free again', async () => {
    const old = new Date(ctx.clock.now.getTime() - 25 * HOUR).toISOString();
    const claim = (key: string) => ({
      user_id: alice.userId,
      key,
      method: 'POST',
      path: '/api/tasks',
      body_hash: 'x',
    });
    const pruned = newKey();
    const expired = newKey();
    const fresh = newKey();
    await claimKey(ctx.db.db, claim(pruned), old);
    await claimKey(ctx.db.db, claim(expired), old);
    await claimKey(ctx.db.db, claim(fresh), ctx.clock.now.toISOString());
    // Expired, not pruned yet: the request runs (a different body would otherwise be a 422).
    const reused = await send(
      0,
      'POST',
      '/api/tasks',
      { todoId: alice.todo.id, text: 'After expiry' },
      expired,
    );
    expect(reused.statusCode, reused.body).toBe(201);
    expect(reused.headers['idempotency-replayed']).toBeUndefined();
    await enqueueNow(ctx.deps, idempotencyPruneJob, {});
    await ctx.settle();
    expect(await findKey(ctx.db.db, alice.userId, pruned)).toBeUndefined();
    expect(await findKey(ctx.db.db, alice.userId, fresh)).toBeDefined();
    expect(await findKey(ctx.db.db, alice.userId, expired)).toMatchObject({ status: 201 });
  });

  it('never runs a key claimed by a request that did not answer: 409 while it may run, then outcome unknown', async () => {
    const body = { todoId: alice.todo.id, text: 'Crashed once' };
    const claim = (key: string) => ({
      user_id: alice.userId,
      key,
      method: 'POST',
      path: '/api/tasks',
      body_hash: '',
    });
    // What a process that died mid-request leaves: the claimed key, no answer. The hash is the body's.
    const probe = newKey();
    expect((await send(0, 'POST', '/api/tasks', body, probe)).statusCode).toBe(201);
    const hash = (await findKey(ctx.db.db, alice.userId, probe))?.body_hash ?? '';
    const running = newKey();
    const died = newKey();
    await claimKey(ctx.db.db, { ...claim(running), body_hash: hash }, ctx.clock.now.toISOString());
    const longAgo = new Date(ctx.clock.now.getTime() - 10 * 60 * 1000).toISOString();
    await claimKey(ctx.db.db, { ...claim(died), body_hash: hash }, longAgo);
    const busy = await send(0, 'POST', '/api/tasks', body, running);
    expectError(busy, 409, 'idempotency_in_progress');
    expect(busy.headers['retry-after']).toBe('1');
    expectError(await send(0, 'POST', '/api/tasks', body, died), 409, 'idempotency_outcome_unknown');
    expect(await tasksNamed(0, 'Crashed once')).toHaveLength(1);
  });

  it('is declared on every signed-in write of the OpenAPI document, and on no read', async () => {
    type Parameter = { in: string; name: string };
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    };
    const hasKey = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.parameters ?? []).some(
        (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
      );
    expect(hasKey('/api/tasks', 'post')).toBe(true);
    expect(hasKey('/api/notes/{id}', 'patch')).toBe(true);
    expect(hasKey('/api/tasks/{id}', 'delete')).toBe(true);
    expect(hasKey('/api/tasks/{id}', 'get')).toBe(false);
    expect(hasKey('/api/auth/signin', 'post')).toBe(false);
  });

  it('documents Idempotency-Replayed on the answers of signed-in writes, and on no read', async () => {
    type Responses = Record<string, { headers?: Record<string, unknown> }>;
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Responses }>>;
    };
    const replayed = (path: string, method: string, status: string) =>
      doc.paths[path]?.[method]?.responses?.[status]?.headers?.['Idempotency-Replayed'] !== undefined;
    expect(replayed('/api/tasks', 'post', '201')).toBe(true);
    expect(replayed('/api/tasks', 'post', '400')).toBe(true);
    expect(replayed('/api/tasks/{id}', 'delete', '204')).toBe(true);
    expect(replayed('/api/tasks/{id}', 'get', '200')).toBe(false);
    expect(replayed('/api/auth/signin', 'post', '200')).toBe(false);
  });

  describe('with a route of the test’s own', () => {
    let app: FastifyInstance;
    let runs = 0;
    let failNext = false;
    let gate: Promise<void> = Promise.resolve();
    beforeAll(async () => {
      app = Fastify({ logger: false });
      registerErrorHandler(app);
      app.decorateRequest('auth', null);
      app.addHook('onRequest', async (request) => {
        request.auth = { userId: alice.userId, email: 'x@example.com', sessionId: 's', via: 'cookie' };
      });
      registerIdempotencyKeys(app, ctx.deps);
      app.post('/api/count', async (_request, reply) => {
        await gate;
        runs++;
        if (failNext) {
          failNext = false;
          throw new Error('the server failed');
        }
        return reply.code(201).send({ runs });
      });
      await app.ready();
    });
    afterAll(() => app.close());

    const count = (key: string) =>
      app.inject({ method: 'POST', url: '/api/count', payload: {}, headers: { 'idempotency-key': key } });

    it('does not store a 5xx: the retry runs again, and its success is what is kept', async () => {
      const key = newKey();
      failNext = true;
      const failed = await count(key);
      expect(failed.statusCode).toBe(500);
      expect(await findKey(ctx.db.db, alice.userId, key)).toBeUndefined();
      const before = runs;
      const retried = await count(key);
      expect(retried.statusCode).toBe(201);
      expect(runs).toBe(before + 1);
      const replayed = await count(key);
      expect(replayed.headers['idempotency-replayed']).toBe('true');
      expect(replayed.json()).toEqual(retried.json());
      expect(runs).toBe(before + 1);
    });

    it('answers a duplicate sent while the first still runs with 409, then replays the first answer', async () => {
      const key = newKey();
      let open = () => {};
      gate = new Promise((resolve) => {
        open = resolve;
      });
      const first = count(key);
      await expect.poll(() => findKey(ctx.db.db, alice.userId, key)).toBeDefined();
      expectError(await count(key), 409, 'idempotency_in_progress');
      open();
      const answered = await first;
      expect(answered.statusCode).toBe(201);
      const replayed = await count(key);
      expect(replayed.headers['idempotency-replayed']).toBe('true');
      expect(replayed.json()).toEqual(answered.json());
    });
  });
});
