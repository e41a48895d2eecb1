import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notebookColors } from '../../../shared/domain/colors.ts';
import { messages } from '../../../shared/messages.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { type Api, expectError, newUserApi, treeIds } from './notes-test-helpers.ts';

describe.each(testEngines)('notebooks and sections on %s', (engine) => {
  let ctx: TestContext;
  let api: Api;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  // Each test works on its own fresh user, so orders and counts are never shared between tests.
  const freshUser = async () => {
    api = await newUserApi(ctx);
    return api;
  };

  it('creates notebooks with the spec defaults, appended at the end', async () => {
    await freshUser();
    const first = await api.createNotebook();
    expect(first).toMatchObject({ title: 'New Notebook', position: 0 });
    expect(notebookColors).toContain(first.color);
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.createdAt).toBe(first.updatedAt);

    const second = await api.createNotebook({ title: '  Work  ', color: '#123abc' });
    expect(second).toMatchObject({ title: 'Work', color: '#123abc', position: 1 });

    const tree = await api.tree();
    expect(tree.notebooks.map((n) => n.title)).toEqual(['New Notebook', 'Work']);
  });

  it('gives new notebooks colours from the six (random, so several are seen)', async () => {
    await freshUser();
    const colors = new Set<string>();
    for (let i = 0; i < 24; i++) colors.add((await api.createNotebook()).color);
    for (const color of colors) expect(notebookColors).toContain(color);
    expect(colors.size).toBeGreaterThan(1);
  });

  it('renames and recolours a notebook; a blank name is refused with a field message', async () => {
    await freshUser();
    const notebook = await api.createNotebook();
    ctx.clock.advance(1000);
    const renamed = await api.request('PATCH', `/api/notebooks/${notebook.id}`, { title: '  Ideas ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: notebook.id, title: 'Ideas', color: notebook.color });
    expect(renamed.json().updatedAt > notebook.updatedAt).toBe(true);

    const recoloured = await api.request('PATCH', `/api/notebooks/${notebook.id}`, { color: '#EF4444' });
    expect(recoloured.json()).toMatchObject({ title: 'Ideas', color: '#EF4444' });

    for (const bad of [{ title: '   ' }, { title: '' }, { title: 'x'.repeat(501) }, { color: 'red' }, {}]) {
      const res = await api.request('PATCH', `/api/notebooks/${notebook.id}`, bad);
      const error = expectError(res, 400, 'validation_failed');
      expect(Object.keys(error.fields ?? {})).toHaveLength(1);
    }
    const blank = await api.request('PATCH', `/api/notebooks/${notebook.id}`, { title: ' ' });
    expect(blank.json().error.fields).toEqual({ title: messages.notes.nameRequired });
    expect((await api.tree()).notebooks[0]).toMatchObject({ title: 'Ideas', color: '#EF4444' });
  });

  it('answers 404 for a notebook that does not exist and 400 for an id that is not one', async () => {
    await freshUser();
    expectError(
      await api.request('PATCH', `/api/notebooks/${randomUUID()}`, { title: 'X' }),
      404,
      'not_found',
    );
    expectError(await api.request('DELETE', `/api/notebooks/${randomUUID()}`), 404, 'not_found');
    expectError(await api.request('DELETE', '/api/notebooks/not-an-id'), 400, 'validation_failed');
    expectError(await api.request('POST', '/api/sections', { notebookId: randomUUID() }), 404, 'not_found');
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/notebooks', payload: {} });
    expectError(res, 401, 'unauthorized');
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/notes/tree' }), 401, 'unauthorized');
  });

  it('creates sections (New Section) at the end of their notebook and renames them', async () => {
    await freshUser();
    const notebook = await api.createNotebook();
    const other = await api.createNotebook();
    const a = await api.createSection(notebook.id);
    const b = await api.createSection(notebook.id, { title: ' Drafts ' });
    const c = await api.createSection(other.id);
    expect(a).toMatchObject({ notebookId: notebook.id, title: 'New Section', position: 0 });
    expect(b).toMatchObject({ title: 'Drafts', position: 1 });
    expect(c).toMatchObject({ notebookId: other.id, position: 0 });

    const renamed = await api.request('PATCH', `/api/sections/${a.id}`, { title: 'Inbox' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: a.id, title: 'Inbox', notebookId: notebook.id });
    const blank = await api.request('PATCH', `/api/sections/${a.id}`, { title: '  ' });
    expect(expectError(blank, 400, 'validation_failed').fields).toEqual({
      title: messages.notes.nameRequired,
    });
    expectError(
      await api.request('POST', '/api/sections', { notebookId: notebook.id, title: '' }),
      400,
      'validation_failed',
    );

    const tree = await api.tree();
    expect(tree.notebooks[0]?.sections.map((s) => s.title)).toEqual(['Inbox', 'Drafts']);
    expect(tree.notebooks[1]?.sections.map((s) => s.id)).toEqual([c.id]);
  });

  it('reorders notebooks: positions become the index', async () => {
    await freshUser();
    const [a, b, c] = [await api.createNotebook(), await api.createNotebook(), await api.createNotebook()];
    if (!a || !b || !c) throw new Error('setup');
    const res = await api.request('PUT', '/api/notebooks/order', { ids: [c.id, a.id, b.id] });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const tree = await api.tree();
    expect(tree.notebooks.map((n) => [n.id, n.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
  });

  it('refuses a bad notebook order and changes nothing', async () => {
    await freshUser();
    const [a, b] = [await api.createNotebook(), await api.createNotebook()];
    if (!a || !b) throw new Error('setup');
    const before = await api.tree();
    const missing = await api.request('PUT', '/api/notebooks/order', { ids: [b.id] });
    expect(expectError(missing, 400, 'validation_failed').fields).toEqual({
      ids: messages.notes.incompleteOrder,
    });
    const twice = await api.request('PUT', '/api/notebooks/order', { ids: [b.id, a.id, b.id] });
    expect(expectError(twice, 400, 'validation_failed').fields).toEqual({ ids: messages.notes.duplicateIds });
    expectError(await api.request('PUT', '/api/notebooks/order', { ids: 'nope' }), 400, 'validation_failed');
    expectError(
      await api.request('PUT', '/api/notebooks/order', { ids: [b.id, 'x'] }),
      400,
      'validation_failed',
    );
    const unknown = await api.request('PUT', '/api/notebooks/order', { ids: [b.id, a.id, randomUUID()] });
    expectError(unknown, 404, 'not_found');
    expect(await api.tree()).toEqual(before);
  });

  it('reorders sections within a notebook and moves sections in, their notes following', async () => {
    await freshUser();
    const left = await api.createNotebook({ title: 'Left' });
    const right = await api.createNotebook({ title: 'Right' });
    const [l1, l2, l3] = [
      await api.createSection(left.id),
      await api.createSection(left.id),
      await api.createSection(left.id),
    ];
    const r1 = await api.createSection(right.id);
    if (!l1 || !l2 || !l3) throw new Error('setup');
    const movingNote = await api.createNote(l2.id, { title: 'travels' });
    const stayingNote = await api.createNote(l1.id, { title: 'stays' });

    // Reorder within one notebook.
    let res = await api.request('PUT', `/api/notebooks/${left.id}/sections/order`, {
      ids: [l3.id, l1.id, l2.id],
    });
    expect(res.statusCode).toBe(204);
    let tree = await api.tree();
    expect(tree.notebooks[0]?.sections.map((s) => [s.id, s.position])).toEqual([
      [l3.id, 0],
      [l1.id, 1],
      [l2.id, 2],
    ]);

    // Move l2 to the front of Right.
    res = await api.request('PUT', `/api/notebooks/${right.id}/sections/order`, { ids: [l2.id, r1.id] });
    expect(res.statusCode).toBe(204);
    tree = await api.tree();
    expect(tree.notebooks[1]?.sections.map((s) => [s.id, s.notebookId, s.position])).toEqual([
      [l2.id, right.id, 0],
      [r1.id, right.id, 1],
    ]);
    // The notebook it left closes the gap.
    expect(tree.notebooks[0]?.sections.map((s) => [s.id, s.position])).toEqual([
      [l3.id, 0],
      [l1.id, 1],
    ]);
    expect(tree.notebooks[1]?.sections[0]?.notes.map((n) => n.id)).toEqual([movingNote.id]);
    expect((await api.getNote(movingNote.id)).notebookId).toBe(right.id);
    expect((await api.getNote(stayingNote.id)).notebookId).toBe(left.id);
  });

  it('refuses a section order that leaves out a section of the notebook, changing nothing', async () => {
    await freshUser();
    const notebook = await api.createNotebook();
    const other = await api.createNotebook();
    const a = await api.createSection(notebook.id);
    const b = await api.createSection(notebook.id);
    const c = await api.createSection(other.id);
    const before = await api.tree();
    const url = `/api/notebooks/${notebook.id}/sections/order`;
    expectError(await api.request('PUT', url, { ids: [b.id, c.id] }), 400, 'validation_failed');
    expectError(await api.request('PUT', url, { ids: [b.id, a.id, a.id] }), 400, 'validation_failed');
    expectError(await api.request('PUT', url, { ids: [b.id, a.id, randomUUID()] }), 404, 'not_found');
    expectError(
      await api.request('PUT', `/api/notebooks/${randomUUID()}/sections/order`, { ids: [] }),
      404,
      'not_found',
    );
    expect(await api.tree()).toEqual(before);
  });

  it('deletes a section with its notes, and a notebook with its sections and notes', async () => {
    await freshUser();
    const notebook = await api.createNotebook();
    const keep = await api.createNotebook();
    const s1 = await api.createSection(notebook.id);
    const s2 = await api.createSection(notebook.id);
    const kept = await api.createSection(keep.id);
    const n1 = await api.createNote(s1.id);
    const n2 = await api.createNote(s2.id);
    const n3 = await api.createNote(kept.id);

    expect((await api.request('DELETE', `/api/sections/${s1.id}`)).statusCode).toBe(204);
    expectError(await api.request('GET', `/api/notes/${n1.id}`), 404, 'not_found');
    expect((await api.getNote(n2.id)).id).toBe(n2.id);
    expectError(await api.request('DELETE', `/api/sections/${s1.id}`), 404, 'not_found');

    expect((await api.request('DELETE', `/api/notebooks/${notebook.id}`)).statusCode).toBe(204);
    expectError(await api.request('GET', `/api/notes/${n2.id}`), 404, 'not_found');
    expectError(await api.request('PATCH', `/api/sections/${s2.id}`, { title: 'x' }), 404, 'not_found');
    expect(treeIds(await api.tree())).toEqual([{ id: keep.id, sections: [{ id: kept.id, notes: [n3.id] }] }]);

    const db = ctx.db.db;
    expect(
      await db.selectFrom('sections').select('id').where('notebook_id', '=', notebook.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('notes').select('id').where('notebook_id', '=', notebook.id).execute(),
    ).toEqual([]);
  });

  it('lists its routes in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/notebooks',
      '/api/notebooks/{id}',
      '/api/notebooks/order',
      '/api/notebooks/{id}/sections/order',
      '/api/sections',
      '/api/sections/{id}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
