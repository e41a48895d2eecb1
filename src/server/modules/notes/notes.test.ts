import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { contentMaxBytes, contentMaxLength, type NoteConflictBody } from '../../../shared/schemas/note.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { type Api, expectError, newUserApi, treeIds } from './notes-test-helpers.ts';

describe.each(testEngines)('notes (pages) on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  async function userWithSection(): Promise<{ api: Api; notebookId: string; sectionId: string }> {
    const api = await newUserApi(ctx);
    const notebook = await api.createNotebook();
    const section = await api.createSection(notebook.id);
    return { api, notebookId: notebook.id, sectionId: section.id };
  }

  it('creates pages (Untitled Note, empty) at the end of a section and opens them', async () => {
    const { api, notebookId, sectionId } = await userWithSection();
    const first = await api.createNote(sectionId);
    expect(first).toMatchObject({
      sectionId,
      notebookId,
      title: 'Untitled Note',
      content: '',
      position: 0,
      version: 1,
    });
    const second = await api.createNote(sectionId, { title: 'Shopping', content: 'milk\neggs' });
    expect(second).toMatchObject({ title: 'Shopping', content: 'milk\neggs', position: 1 });
    expect(await api.getNote(second.id)).toEqual(second);
    expectError(await api.request('GET', `/api/notes/${randomUUID()}`), 404, 'not_found');
    expectError(await api.request('POST', '/api/notes', { sectionId: randomUUID() }), 404, 'not_found');
    expectError(await api.request('POST', '/api/notes', {}), 400, 'validation_failed');
  });

  it('returns the tree with page titles and no contents', async () => {
    const { api, notebookId, sectionId } = await userWithSection();
    const note = await api.createNote(sectionId, { title: 'Plan', content: 'secret body text' });
    const empty = await api.createSection(notebookId, { title: 'Empty' });
    const res = await api.request('GET', '/api/notes/tree');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('secret body text');
    const tree = res.json();
    expect(tree.notebooks).toHaveLength(1);
    expect(tree.notebooks[0]).toMatchObject({ id: notebookId, title: 'New Notebook', position: 0 });
    expect(tree.notebooks[0].sections).toHaveLength(2);
    expect(tree.notebooks[0].sections[0].notes).toEqual([
      { id: note.id, title: 'Plan', position: 0, updatedAt: note.updatedAt },
    ]);
    expect(tree.notebooks[0].sections[1]).toMatchObject({ id: empty.id, title: 'Empty', notes: [] });
    expect(await newUserApi(ctx).then((other) => other.tree())).toEqual({ notebooks: [] });
  });

  it('gives each section its page count instead of its pages with pages=count', async () => {
    const { api, notebookId, sectionId } = await userWithSection();
    await api.createNote(sectionId, { title: 'Plan', content: 'secret body text' });
    await api.createNote(sectionId);
    const empty = await api.createSection(notebookId, { title: 'Empty' });
    const other = await api.createNotebook({ title: 'Other' });
    const res = await api.request('GET', '/api/notes/tree?pages=count');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('Plan');
    const tree = res.json();
    expect(tree.notebooks.map((n: { id: string }) => n.id)).toEqual([notebookId, other.id]);
    expect(tree.notebooks[0].sections).toEqual([
      expect.objectContaining({ id: sectionId, notebookId, title: 'New Section', noteCount: 2 }),
      expect.objectContaining({ id: empty.id, title: 'Empty', noteCount: 0 }),
    ]);
    expect(tree.notebooks[0].sections[0]).not.toHaveProperty('notes');
    expect(tree.notebooks[1].sections).toEqual([]);
    // The full tree (the default) carries the same counts beside the pages.
    const full = await api.tree();
    expect(full.notebooks[0]?.sections.map((s) => [s.noteCount, s.notes.length])).toEqual([
      [2, 2],
      [0, 0],
    ]);
    // Another user's pages are not counted, and their tree is theirs alone.
    const stranger = await newUserApi(ctx);
    const theirs = await stranger.request('GET', '/api/notes/tree?pages=count');
    expect(theirs.json()).toEqual({ notebooks: [] });
    expectError(await api.request('GET', '/api/notes/tree?pages=everything'), 400, 'validation_failed');
  });

  it("indexes every page's id, section and title for the palette, the user's own only", async () => {
    const { api, notebookId, sectionId } = await userWithSection();
    const other = await api.createSection(notebookId, { title: 'Other' });
    const later = await api.createNote(other.id, { title: 'Later', content: 'secret body text' });
    const first = await api.createNote(sectionId, { title: 'First' });
    const second = await api.createNote(sectionId);
    const res = await api.request('GET', '/api/notes/index');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('secret body text');
    const byPlace = [
      { id: first.id, sectionId, title: 'First' },
      { id: second.id, sectionId, title: 'Untitled Note' },
    ];
    const laterItem = { id: later.id, sectionId: other.id, title: 'Later' };
    // By section (in id order), then position.
    expect(res.json().notes).toEqual(
      sectionId < other.id ? [...byPlace, laterItem] : [laterItem, ...byPlace],
    );
    const stranger = await newUserApi(ctx);
    expect((await stranger.request('GET', '/api/notes/index')).json()).toEqual({ notes: [] });
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/notes/index' }), 401, 'unauthorized');
  });

  it("lists a section's pages in order without contents", async () => {
    const { api, sectionId } = await userWithSection();
    const a = await api.createNote(sectionId, { content: 'aaa' });
    const b = await api.createNote(sectionId, { title: 'B' });
    const res = await api.request('GET', `/api/sections/${sectionId}/notes`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      notes: [
        { id: a.id, title: 'Untitled Note', position: 0, updatedAt: a.updatedAt },
        { id: b.id, title: 'B', position: 1, updatedAt: b.updatedAt },
      ],
    });
    expectError(await api.request('GET', `/api/sections/${randomUUID()}/notes`), 404, 'not_found');
    expectError(await api.request('GET', '/api/sections/not-an-id/notes'), 400, 'validation_failed');
    // Another user's section answers as if it did not exist.
    const stranger = await newUserApi(ctx);
    expectError(await stranger.request('GET', `/api/sections/${sectionId}/notes`), 404, 'not_found');
  });

  it('saves title and content against the base version and answers the new version', async () => {
    const { api, sectionId } = await userWithSection();
    const note = await api.createNote(sectionId);
    ctx.clock.advance(1000);
    const res = await api.request('PATCH', `/api/notes/${note.id}`, {
      title: 'Trip ',
      content: 'Day 1: arrive',
      baseVersion: 1,
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ id: note.id, title: 'Trip ', version: 2 });
    expect(saved).not.toHaveProperty('content');
    expect(saved.updatedAt > note.updatedAt).toBe(true);

    const contentOnly = await api.request('PATCH', `/api/notes/${note.id}`, {
      content: 'Day 2',
      baseVersion: 2,
    });
    expect(contentOnly.json()).toMatchObject({ title: 'Trip ', version: 3 });
    // An editor may clear the title while retyping it: saved as typed.
    const cleared = await api.request('PATCH', `/api/notes/${note.id}`, { title: '', baseVersion: 3 });
    expect(cleared.statusCode).toBe(200);
    expect(await api.getNote(note.id)).toMatchObject({ title: '', content: 'Day 2', version: 4 });
  });

  it('refuses a stale save with 409 and the current page, overwriting nothing', async () => {
    const { api, sectionId } = await userWithSection();
    const note = await api.createNote(sectionId, { content: 'original' });
    // Tab A saves first...
    const tabA = await api.request('PATCH', `/api/notes/${note.id}`, {
      content: 'from tab A',
      baseVersion: 1,
    });
    expect(tabA.statusCode).toBe(200);
    // ...then tab B, which still edits version 1, must not overwrite it.
    const tabB = await api.request('PATCH', `/api/notes/${note.id}`, {
      content: 'from tab B',
      baseVersion: 1,
    });
    expect(tabB.statusCode).toBe(409);
    const body = tabB.json() as NoteConflictBody;
    expect(body.error.code).toBe('conflict');
    expect(body.error.message).toBe(messages.notes.conflict);
    expect(body.error.current).toMatchObject({ id: note.id, content: 'from tab A', version: 2 });
    expect(await api.getNote(note.id)).toMatchObject({ content: 'from tab A', version: 2 });
    // Tab B can then save deliberately on top of what it saw.
    const retry = await api.request('PATCH', `/api/notes/${note.id}`, {
      content: 'from tab A\nfrom tab B',
      baseVersion: body.error.current.version,
    });
    expect(retry.json()).toMatchObject({ version: 3 });
    // A save from a version the page never had is stale too.
    expect(
      (await api.request('PATCH', `/api/notes/${note.id}`, { content: 'x', baseVersion: 9 })).statusCode,
    ).toBe(409);
  });

  it('validates saves: missing base version, nothing to save, sizes; nothing is written', async () => {
    const { api, sectionId } = await userWithSection();
    const note = await api.createNote(sectionId, { content: 'keep me' });
    const url = `/api/notes/${note.id}`;
    expectError(await api.request('PATCH', url, { content: 'x' }), 400, 'validation_failed');
    expectError(await api.request('PATCH', url, { baseVersion: 1 }), 400, 'validation_failed');
    const longTitle = await api.request('PATCH', url, { title: 't'.repeat(501), baseVersion: 1 });
    expect(expectError(longTitle, 400, 'validation_failed').fields).toEqual({
      title: messages.notes.titleTooLong,
    });
    const tooLong = await api.request('PATCH', url, {
      content: 'c'.repeat(contentMaxLength + 1),
      baseVersion: 1,
    });
    expect(expectError(tooLong, 400, 'validation_failed').fields).toEqual({
      content: messages.notes.contentTooLong,
    });
    expect(await api.getNote(note.id)).toMatchObject({ content: 'keep me', version: 1 });

    // Size counts UTF-8 bytes too: 300,000 emoji are 600,000 characters but 1.2 MB (docs/PRODUCT.md §10.1).
    const emoji = await api.request('PATCH', url, { content: '😀'.repeat(300_000), baseVersion: 1 });
    expect(expectError(emoji, 400, 'validation_failed').fields).toEqual({
      content: messages.notes.contentTooLong,
    });

    // The largest page fits, even written with characters that JSON escapes.
    const largest = `${'\u0001'.repeat(1000)}${'é'.repeat((contentMaxBytes - 1000) / 2)}`;
    const big = await api.request('PATCH', url, { content: largest, baseVersion: 1 });
    expect(big.statusCode).toBe(200);
    expect((await api.getNote(note.id)).content).toBe(largest);
  });

  it('deletes a page', async () => {
    const { api, sectionId } = await userWithSection();
    const a = await api.createNote(sectionId);
    const b = await api.createNote(sectionId);
    const res = await api.request('DELETE', `/api/notes/${a.id}`);
    expect(res.statusCode).toBe(204);
    expectError(await api.request('GET', `/api/notes/${a.id}`), 404, 'not_found');
    expectError(await api.request('DELETE', `/api/notes/${a.id}`), 404, 'not_found');
    expectError(
      await api.request('PATCH', `/api/notes/${a.id}`, { title: 'x', baseVersion: 1 }),
      404,
      'not_found',
    );
    expect(treeIds(await api.tree())[0]?.sections[0]?.notes).toEqual([b.id]);
  });

  it('reorders pages and moves pages into another section (their notebook follows)', async () => {
    const { api, notebookId, sectionId } = await userWithSection();
    const otherNotebook = await api.createNotebook();
    const target = await api.createSection(otherNotebook.id);
    const [a, b, c] = [
      await api.createNote(sectionId),
      await api.createNote(sectionId),
      await api.createNote(sectionId),
    ];
    const t1 = await api.createNote(target.id);
    if (!a || !b || !c) throw new Error('setup');

    let res = await api.request('PUT', `/api/sections/${sectionId}/notes/order`, { ids: [c.id, a.id, b.id] });
    expect(res.statusCode).toBe(204);
    let listed = (await api.request('GET', `/api/sections/${sectionId}/notes`)).json().notes;
    expect(listed.map((n: { id: string; position: number }) => [n.id, n.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);

    res = await api.request('PUT', `/api/sections/${target.id}/notes/order`, { ids: [t1.id, a.id] });
    expect(res.statusCode).toBe(204);
    expect(await api.getNote(a.id)).toMatchObject({
      sectionId: target.id,
      notebookId: otherNotebook.id,
      position: 1,
    });
    listed = (await api.request('GET', `/api/sections/${sectionId}/notes`)).json().notes;
    expect(listed.map((n: { id: string; position: number }) => [n.id, n.position])).toEqual([
      [c.id, 0],
      [b.id, 1],
    ]);
    expect((await api.getNote(c.id)).notebookId).toBe(notebookId);
  });

  it('refuses a bad page order and changes nothing', async () => {
    const { api, sectionId } = await userWithSection();
    const a = await api.createNote(sectionId);
    const b = await api.createNote(sectionId);
    const before = await api.tree();
    const url = `/api/sections/${sectionId}/notes/order`;
    expectError(await api.request('PUT', url, { ids: [b.id] }), 400, 'validation_failed');
    expectError(await api.request('PUT', url, { ids: [b.id, a.id, b.id] }), 400, 'validation_failed');
    expectError(await api.request('PUT', url, { ids: [b.id, a.id, randomUUID()] }), 404, 'not_found');
    expectError(await api.request('PUT', url, {}), 400, 'validation_failed');
    expect(await api.tree()).toEqual(before);
  });
});
