import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { type Api, expectError, newUserApi } from '../modules/notes/notes-test-helpers.ts';
import { nextIp } from '../test/auth-helpers.ts';
import { testEngines } from '../test/engines.ts';
import { buildTestApp, type TestContext } from '../test/test-app.ts';
import { unstorableFields } from './unstorable-text.ts';

const nul = messages.api.nulCharacter;
const surrogate = messages.api.loneSurrogate;

describe('unstorableFields', () => {
  it('names each field holding U+0000 or a lone surrogate, and passes proper pairs and other text', () => {
    expect(
      unstorableFields({ a: 'ok 😀 שלום \u0001', b: ['x', 'y\u0000'], c: { d: '\ud800' }, e: 'x\udc00' }),
    ).toEqual({ 'b.1': nul, 'c.d': surrogate, e: surrogate });
    expect(unstorableFields({ 'bad\u0000key': 1 })).toEqual({ request: nul });
    expect(unstorableFields('\u0000')).toEqual({ request: nul });
    expect(unstorableFields(null)).toEqual({});
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(Object.keys(unstorableFields(deep))).toHaveLength(1);
  });
});

/** docs/PRODUCT.md §10.1: text neither engine can store answers 400 naming the field, never 500. */
describe.each(testEngines)('unstorable text on %s', (engine) => {
  let ctx: TestContext;
  let api: Api;
  let sectionId: string;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    api = await newUserApi(ctx);
    sectionId = (await api.createSection((await api.createNotebook()).id)).id;
  });
  afterAll(() => ctx.close());

  it('refuses U+0000 in the sign-in and sign-up e-mail', async () => {
    for (const url of ['/api/auth/signin', '/api/auth/signup', '/api/auth/forgot-password']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        remoteAddress: nextIp(),
        payload: { email: 'a\u0000@example.com', password: 'x', confirmPassword: 'x' },
      });
      expect(expectError(res, 400, 'validation_failed').fields, url).toMatchObject({ email: nul });
    }
  });

  const pageCount = async () =>
    (await api.tree()).notebooks.flatMap((n) => n.sections.flatMap((s) => s.notes)).length;

  it('refuses U+0000 and lone surrogates in titles, page content and task text; stores nothing', async () => {
    const pagesBefore = await pageCount();
    const title = await api.request('POST', '/api/notebooks', { title: 'Trip\u0000' });
    expect(expectError(title, 400, 'validation_failed').fields).toEqual({ title: nul });
    const page = await api.request('POST', '/api/notes', { sectionId, content: 'a\u0000b' });
    expect(expectError(page, 400, 'validation_failed').fields).toEqual({ content: nul });
    const lone = await api.request('POST', '/api/notes', { sectionId, title: 'half \ud83d' });
    expect(expectError(lone, 400, 'validation_failed').fields).toEqual({ title: surrogate });
    expect(await pageCount()).toBe(pagesBefore);

    const todo = await api.request('POST', '/api/todos', { title: 'List' });
    expect(todo.statusCode, todo.body).toBe(201);
    const todoId = (todo.json() as { id: string }).id;
    const task = await api.request('POST', '/api/tasks', { todoId, text: 'x\u0000y' });
    expect(expectError(task, 400, 'validation_failed').fields).toMatchObject({ text: nul });
  });

  it('keeps other text: emoji pairs, right-to-left and other control characters', async () => {
    const text = 'שלום 😀 \u202Eevil\u202C tab\t\u0001';
    const note = await api.createNote(sectionId, { title: text, content: text });
    expect((await api.getNote(note.id)).content).toBe(text);
  });

  it('refuses U+0000 in the contact form', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: nextIp(),
      payload: { name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'hello\u0000' },
    });
    expect(expectError(res, 400, 'validation_failed').fields).toEqual({ message: nul });
  });

  it('refuses U+0000 in a search and in a path id', async () => {
    for (const q of ['a%00b', '%00', 'abc%00def']) {
      const res = await api.request('GET', `/api/search?q=${q}`);
      expect(expectError(res, 400, 'validation_failed').fields, q).toEqual({ q: nul });
    }
    const res = await api.request('GET', '/api/notes/a%00b');
    expect(expectError(res, 400, 'validation_failed').fields).toMatchObject({ id: nul });
  });
});
