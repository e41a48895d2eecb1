import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp, signedInUser } from './auth-helpers.ts';
import { testEngines } from './engines.ts';
import { type BodyCase, bodyCases, encodeHostile, type JsonSchema, parameterValues } from './fuzz-cases.ts';
import { buildTestApp, type TestContext } from './test-app.ts';

/**
 * docs/testing.md: every operation of /api/openapi.json gets malformed JSON, wrong types, huge and deeply
 * nested values, NUL, lone surrogates and right-to-left text, invalid ids and dates, and extra fields,
 * as a signed-in user. It fails on any 5xx, on any answer slower than 5 s, and when the server no longer
 * answers at the end. It prints how many requests it sent.
 */

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  body: JsonSchema | undefined;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ name: string; in: string }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
}

const deadlineMs = 5_000;
/** Operations that end the session or the entitlement run last, so the rest run signed in and writable. */
const endsTheSession = /signout|^DELETE \/api\/account$|\/api\/billing\/(cancel|test-mode)/;

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      // An event stream stays open until its session ends: an injected request would wait for ever.
      // Its inputs (Last-Event-ID, lastEventId) are fuzzed by modules/live/live.test.ts over a socket.
      if (operation.responses?.['200']?.content?.['text/event-stream']) continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  const late = (op: Operation) => (endsTheSession.test(`${op.method} ${op.path}`) ? 1 : 0);
  return operations.sort((a, b) => late(a) - late(b));
}

describe.each(testEngines)('API fuzz on %s', (engine) => {
  let ctx: TestContext;
  let bearer: string;
  /** Real ids of the signed-in user's rows, so a valid path reaches the handler. */
  const realIds: Record<string, string> = {};
  let sent = 0;
  const failures: string[] = [];
  /** How many answers of each status: shows the requests got past authentication into validation. */
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    // Behind a proxy, as deploy/env.example runs it: the client address then comes through proxy-addr.
    ctx = await buildTestApp(engine, { TRUST_PROXY: 'loopback' });
    const user = await signedInUser(ctx);
    bearer = `Bearer ${user.cookies.jl_access}`;
    const create = async (url: string, payload: object) => {
      const res = await ctx.app.inject({ method: 'POST', url, headers: { authorization: bearer }, payload });
      expect(res.statusCode, `${url} ${res.body}`).toBe(201);
      return (res.json() as { id: string }).id;
    };
    const notebook = await create('/api/notebooks', { title: 'Fuzz' });
    const section = await create('/api/sections', { notebookId: notebook });
    const note = await create('/api/notes', { sectionId: section, content: 'fuzz' });
    const todo = await create('/api/todos', { title: 'Fuzz' });
    const category = await create('/api/categories', { todoId: todo });
    const task = await create('/api/tasks', { todoId: todo, categoryId: category, text: 'fuzz' });
    const subtask = await create(`/api/tasks/${task}/subtasks`, { text: 'fuzz' });
    Object.assign(realIds, { notebook, section, note, todo, category, task, subtask });
  });
  afterAll(() => ctx.close());

  /** The user's real id for a path such as /api/tasks/{id}/subtasks (by its first segment). */
  function realIdFor(path: string): string | undefined {
    const segment = path.split('/')[2] ?? '';
    const kind = segment === 'categories' ? 'category' : segment.replace(/s$/, '');
    return realIds[kind];
  }

  async function send(label: string, options: InjectOptions): Promise<void> {
    sent += 1;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), deadlineMs);
    });
    const outcome: LightMyRequestResponse | 'timeout' = await Promise.race([
      ctx.app.inject(options),
      timeout,
    ]);
    clearTimeout(timer);
    if (outcome === 'timeout') failures.push(`${label}: no answer within ${deadlineMs} ms`);
    else statuses.set(outcome.statusCode, (statuses.get(outcome.statusCode) ?? 0) + 1);
    if (outcome !== 'timeout' && outcome.statusCode >= 500)
      failures.push(`${label}: ${outcome.statusCode} ${outcome.body.slice(0, 200)}`);
  }

  function request(op: Operation, url: string, body: BodyCase | undefined): InjectOptions {
    const headers: Record<string, string> = { authorization: bearer };
    const base = { method: op.method as InjectOptions['method'], url, remoteAddress: nextIp(), headers };
    if (!body) return base;
    if ('raw' in body)
      return { ...base, headers: { ...headers, 'content-type': body.contentType }, payload: body.raw };
    return {
      ...base,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body.json),
    };
  }

  const describeBody = (body: BodyCase) =>
    ('raw' in body ? `raw ${body.raw}` : `json ${JSON.stringify(body.json) ?? 'undefined'}`).slice(0, 120);

  it('answers every hostile request without a 5xx, each within 5 s, and still answers after', async () => {
    const opened = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(opened.statusCode).toBe(200);
    const operations = operationsOf(opened.json() as OpenApiDocument);
    expect(operations.length).toBeGreaterThan(30);
    const started = Date.now();

    const slow = new Map<string, number>();
    for (const op of operations) {
      const opStarted = Date.now();
      const validId = realIdFor(op.path);
      const fill = (value: string) =>
        op.pathParams.reduce((path, name) => path.replace(`{${name}}`, encodeHostile(value)), op.path);
      const validPath = fill(validId ?? '00000000-0000-4000-8000-000000000000');
      const validQuery = op.queryParams.map((name) => `${name}=x`).join('&');
      const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);
      const label = `${op.method} ${op.path}`;

      // Hostile path parameters.
      if (op.pathParams.length > 0) {
        for (const value of parameterValues(validId)) {
          await send(
            `${label} path=${value.slice(0, 40)}`,
            request(op, withQuery(fill(value), validQuery), undefined),
          );
        }
      }
      // Hostile query parameters, one at a time, plus an unknown one.
      // An unknown parameter gets every third value: it only has to be ignored.
      const everyValue = parameterValues(undefined);
      const someValues = everyValue.filter((value, i) => i % 3 === 0 || value.includes('\u0000'));
      for (const name of [...op.queryParams, 'unexpected']) {
        for (const value of name === 'unexpected' ? someValues : everyValue) {
          const query = `${name}=${encodeHostile(value)}`;
          await send(
            `${label} ${name}=${value.slice(0, 40)}`,
            request(op, withQuery(validPath, query), undefined),
          );
        }
        await send(
          `${label} ${name} twice`,
          request(op, withQuery(validPath, `${name}=a&${name}=b`), undefined),
        );
      }
      // Hostile bodies, for every operation that is not a read (one that takes none must ignore it).
      if (op.method !== 'GET' && op.method !== 'HEAD') {
        for (const body of bodyCases(op.body)) {
          await send(`${label} ${describeBody(body)}`, request(op, withQuery(validPath, validQuery), body));
        }
      }
      slow.set(`${op.method} ${op.path}`, Date.now() - opStarted);
    }

    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const tally = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.log(
      `API fuzz on ${engine}: ${sent} requests over ${operations.length} operations in ${seconds} s (${tally})`,
    );
    const slowest = [...slow.entries()].sort(([, a], [, b]) => b - a).slice(0, 3);
    console.log(`slowest operations: ${slowest.map(([name, ms]) => `${name} ${ms} ms`).join(', ')}`);
    expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
    expect(health.statusCode).toBe(200);
    // At least 3,000 requests over both engines (docs/testing.md), whichever engines this run has.
    expect(sent).toBeGreaterThanOrEqual(3_000);
  }, 110_000);
});
