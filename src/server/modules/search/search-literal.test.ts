import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../shared/schemas/search.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { type Api, newUserApi } from '../notes/notes-test-helpers.ts';

/**
 * docs/PRODUCT.md §10.1: every character of a query is taken literally on both engines: FTS5 syntax (quotes,
 * `*`, `^`, parentheses, NEAR, AND/OR/NOT, column filters), LIKE wildcards and the escape character.
 */
const queries = [
  'a"b',
  '"',
  '""',
  "it's",
  "'",
  '50%',
  '%',
  '_',
  'a_b',
  '\\',
  'c:\\dir',
  '\\%',
  'x*',
  '*',
  '^start',
  '(paren)',
  ')(',
  'NEAR(a b)',
  'one AND two',
  'OR',
  'NOT x',
  'title:foo',
  '-minus',
  '+plus',
  '{col}',
  '[x]',
  'a;b--',
  '😀',
  'שלום',
];

describe.each(testEngines)('literal search on %s', (engine) => {
  let ctx: TestContext;
  let api: Api;
  let sectionId: string;
  let todoId: string;
  const noteOf = new Map<string, string>();
  const taskOf = new Map<string, string>();

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    api = await newUserApi(ctx);
    sectionId = (await api.createSection((await api.createNotebook()).id)).id;
    const todo = await api.request('POST', '/api/todos', { title: 'Literal' });
    todoId = (todo.json() as { id: string }).id;
    for (const [index, q] of queries.entries()) {
      // Each text is unique (a number word) so a hit names exactly which texts hold the query.
      const text = `entry ${index} holds «${q}» here`;
      noteOf.set(q, (await api.createNote(sectionId, { title: `n${index}`, content: text })).id);
      const task = await api.request('POST', '/api/tasks', { todoId, text });
      expect(task.statusCode, task.body).toBe(201);
      taskOf.set(q, (task.json() as { id: string }).id);
    }
  });
  afterAll(() => ctx.close());

  /** The ids of the texts that contain `q` literally, case-insensitively, as the search must find them. */
  const expected = (q: string, of: Map<string, string>) =>
    queries
      .map((other, index) => ({ id: of.get(other), text: `entry ${index} holds «${other}» here` }))
      .filter((entry) => entry.text.toLowerCase().includes(q.toLowerCase()))
      .map((entry) => entry.id)
      .sort();

  it.each(queries)('finds exactly the texts containing %s', async (q) => {
    const res = await api.request('GET', `/api/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SearchResponse;
    expect(body.notes.map((n) => n.id).sort(), 'notes').toEqual(expected(q, noteOf));
    expect(body.tasks.map((t) => t.id).sort(), 'tasks').toEqual(expected(q, taskOf));
  });
});
