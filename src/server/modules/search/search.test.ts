import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { SearchResponse } from '../../../shared/schemas/search.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { type Api, expectError, newUserApi } from '../notes/notes-test-helpers.ts';

const filler = (words: number, seed: string) =>
  Array.from({ length: words }, (_, i) => `${seed}${i % 7} lorem ipsum dolor sit amet`).join(' ');

describe.each(testEngines)('search on %s', (engine) => {
  let ctx: TestContext;
  let api: Api;
  let other: Api;
  let sectionId: string;
  let notebookId: string;

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    api = await newUserApi(ctx);
    other = await newUserApi(ctx);
    const notebook = await api.createNotebook();
    notebookId = notebook.id;
    sectionId = (await api.createSection(notebook.id)).id;
    const otherSection = await other.createSection((await other.createNotebook()).id);
    await other.createNote(otherSection.id, {
      title: 'Mountain of theirs',
      content: 'their Kilimanjaro notes Zq',
    });
  });
  afterAll(() => ctx.close());

  async function search(q: string, as: Api = api): Promise<SearchResponse> {
    const res = await as.request('GET', `/api/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResponse;
  }

  it('finds a word from the middle of a page, case-insensitively, as a substring, with a snippet', async () => {
    const content = `${filler(60, 'start')} we climbed Kilimanjaro in June ${filler(60, 'end')}`;
    const note = await api.createNote(sectionId, { title: 'Travel', content });
    for (const q of ['Kilimanjaro', 'kilimanjaro', 'KILIMANJARO', 'limanja', 'climbed kilimanjaro in']) {
      const { notes } = await search(q);
      expect(
        notes.map((n) => n.id),
        q,
      ).toEqual([note.id]);
      const hit = notes[0];
      if (!hit) throw new Error('no hit');
      expect(hit).toMatchObject({
        id: note.id,
        notebookId,
        sectionId,
        title: 'Travel',
        updatedAt: note.updatedAt,
      });
      expect(hit.match).not.toBeNull();
      const { start, length } = hit.match ?? { start: 0, length: 0 };
      expect(hit.snippet.slice(start, start + length).toLowerCase()).toBe(q.toLowerCase());
      expect(hit.snippet.length).toBeLessThan(260);
      expect(hit.snippet.startsWith('…')).toBe(true);
      expect(hit.snippet.endsWith('…')).toBe(true);
    }
  });

  it('finds pages by title, showing the beginning of the content', async () => {
    const note = await api.createNote(sectionId, {
      title: 'Quarterly Budget',
      content: 'Line one\n\nline two',
    });
    const { notes } = await search('quarterly bud');
    expect(notes).toEqual([
      expect.objectContaining({ id: note.id, snippet: 'Line one line two', match: null }),
    ]);
  });

  it("never shows another user's pages", async () => {
    const mine = await search('Kilimanjaro');
    expect(mine.notes.every((n) => n.title === 'Travel')).toBe(true);
    const theirs = await search('Kilimanjaro', other);
    expect(theirs.notes.map((n) => n.title)).toEqual(['Mountain of theirs']);
    expect((await search('Travel', other)).notes).toEqual([]);
  });

  it('answers queries shorter than three characters too', async () => {
    const note = await api.createNote(sectionId, { title: 'Short', content: 'the code is xQ7 and Zq' });
    expect((await search('zq')).notes.map((n) => n.id)).toEqual([note.id]);
    expect((await search('ZQ')).notes.map((n) => n.id)).toEqual([note.id]);
    expect((await search('Q7')).notes.map((n) => n.id)).toEqual([note.id]);
    const one = await search('7');
    expect(one.notes.map((n) => n.id)).toContain(note.id);
    const hit = (await search('zq')).notes[0];
    expect(hit?.snippet.slice(hit.match?.start, (hit.match?.start ?? 0) + 2)).toBe('Zq');
  });

  it('takes wildcards and quotes literally', async () => {
    const percent = await api.createNote(sectionId, { title: 'Rates', content: 'a 50% discount' });
    const plain = await api.createNote(sectionId, { title: 'Rates too', content: 'a 500 discount' });
    const under = await api.createNote(sectionId, { title: 'Vars', content: 'use snake_case names' });
    const quoted = await api.createNote(sectionId, {
      title: 'Said',
      content: 'she said "hello there" twice',
    });
    expect((await search('50%')).notes.map((n) => n.id)).toEqual([percent.id]);
    expect((await search('0%')).notes.map((n) => n.id)).toEqual([percent.id]);
    expect((await search('500')).notes.map((n) => n.id)).toEqual([plain.id]);
    expect((await search('e_c')).notes.map((n) => n.id)).toEqual([under.id]);
    expect((await search('"hello there"')).notes.map((n) => n.id)).toEqual([quoted.id]);
    expect((await search('" t')).notes.map((n) => n.id)).toEqual([quoted.id]);
    expect((await search('%')).notes.map((n) => n.id)).toEqual([percent.id]);
  });

  it('folds the case of accented letters', async () => {
    const note = await api.createNote(sectionId, { title: 'Été', content: 'un ÉTÉ à Genève' });
    expect((await search('été à gen')).notes.map((n) => n.id)).toEqual([note.id]);
    expect((await search('GENÈVE')).notes.map((n) => n.id)).toEqual([note.id]);
  });

  it('follows saves, moves and deletes', async () => {
    const note = await api.createNote(sectionId, { content: 'alpha version of the text' });
    expect((await search('alpha version')).notes).toHaveLength(1);
    await api.request('PATCH', `/api/notes/${note.id}`, { content: 'omega edition', baseVersion: 1 });
    expect((await search('alpha version')).notes).toHaveLength(0);
    expect((await search('omega edition')).notes.map((n) => n.id)).toEqual([note.id]);

    const elsewhere = await api.createSection(notebookId);
    await api.request('PUT', `/api/sections/${elsewhere.id}/notes/order`, { ids: [note.id] });
    expect((await search('omega edition')).notes[0]?.sectionId).toBe(elsewhere.id);

    await api.request('DELETE', `/api/sections/${elsewhere.id}`);
    expect((await search('omega edition')).notes).toHaveLength(0);

    const doomed = await api.createNotebook();
    const doomedSection = await api.createSection(doomed.id);
    await api.createNote(doomedSection.id, { content: 'cascade victim' });
    expect((await search('cascade victim')).notes).toHaveLength(1);
    await api.request('DELETE', `/api/notebooks/${doomed.id}`);
    expect((await search('cascade victim')).notes).toHaveLength(0);

    if (engine === 'sqlite') {
      // Once the background indexer has taken the deletions out (a search only indexes its own user's
      // live pages), the FTS index matches the notes table exactly (an orphan would fail this check).
      const queued = () => ctx.db.db.selectFrom('notes_search_queue').selectAll().execute();
      await expect.poll(queued, { timeout: 5000 }).toEqual([]);
      await sql`insert into notes_fts(notes_fts, rank) values('integrity-check', 1)`.execute(ctx.db.db);
    }
  });

  it('finds the new words of a burst of saves in a search right after it', async () => {
    const section = await api.createSection(notebookId);
    const pages = [];
    for (let i = 0; i < 15; i++) pages.push(await api.createNote(section.id, { content: 'draft' }));
    for (const [i, page] of pages.entries()) {
      const res = await api.request('PATCH', `/api/notes/${page.id}`, {
        content: `saved burstword${i}q here`,
        baseVersion: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const [i, page] of pages.entries()) {
      expect((await search(`burstword${i}q`)).notes.map((n) => n.id)).toEqual([page.id]);
    }
    expect((await search('burstword3q', other)).notes).toEqual([]);
  });

  it('returns at most 50 pages, most recently updated first', async () => {
    const section = await api.createSection(notebookId);
    const created: string[] = [];
    for (let i = 0; i < 55; i++) {
      ctx.clock.advance(1000);
      created.push((await api.createNote(section.id, { title: `Bulk ${i}`, content: 'needle-in-bulk' })).id);
    }
    const { notes } = await search('needle-in-bulk');
    expect(notes).toHaveLength(50);
    expect(notes.map((n) => n.id)).toEqual(created.slice(5).reverse());
  });

  it('refuses an empty query and a very long one', async () => {
    const empty = await api.request('GET', '/api/search?q=%20%20');
    expect(expectError(empty, 400, 'validation_failed').fields).toEqual({ q: messages.search.queryRequired });
    expectError(await api.request('GET', '/api/search'), 400, 'validation_failed');
    expectError(await api.request('GET', `/api/search?q=${'x'.repeat(201)}`), 400, 'validation_failed');
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/search?q=abc' }), 401, 'unauthorized');
  });
});

describe('the SQLite search index', () => {
  let ctx: TestContext;
  let api: Api;
  let sectionId: string;
  beforeAll(async () => {
    ctx = await buildTestApp('sqlite');
    api = await newUserApi(ctx);
    sectionId = (await api.createSection((await api.createNotebook()).id)).id;
  });
  afterAll(() => ctx.close());

  const queue = () => ctx.db.db.selectFrom('notes_search_queue').selectAll().execute();
  const indexedRowids = async (phrase: string) => {
    const rows = await sql<{
      rowid: number;
    }>`select rowid from notes_fts where notes_fts match ${`"${phrase}"`}`.execute(ctx.db.db);
    return rows.rows.map((row) => row.rowid);
  };
  const integrityCheck = () =>
    sql`insert into notes_fts(notes_fts, rank) values('integrity-check', 1)`.execute(ctx.db.db);

  it('indexes saved pages in the background, once per page however often it was saved', async () => {
    const note = await api.createNote(sectionId, { content: 'background words' });
    await expect.poll(queue, { timeout: 5000 }).toEqual([]);
    expect(await indexedRowids('background words')).toHaveLength(1);

    for (let version = 1; version <= 3; version++) {
      const res = await api.request('PATCH', `/api/notes/${note.id}`, {
        content: `edit ${version}`,
        baseVersion: version,
      });
      expect(res.statusCode).toBe(200);
    }
    const queued = await queue();
    // One entry for the page however often it was saved, holding the text the index had then (the
    // background indexer may have run between two saves); or none if it has already run since.
    expect(queued.length).toBeLessThanOrEqual(1);
    for (const entry of queued) {
      expect(entry.indexed).toBe(1);
      expect(['background words', 'edit 1', 'edit 2']).toContain(entry.indexed_content);
    }
    await expect.poll(queue, { timeout: 5000 }).toEqual([]);
    expect(await indexedRowids('background words')).toEqual([]);
    expect(await indexedRowids('edit 3')).toHaveLength(1);
    await integrityCheck();
  });

  it('stays exact when a deleted page’s row is reused by another user before indexing', async () => {
    const other = await newUserApi(ctx);
    const otherSection = await other.createSection((await other.createNotebook()).id);
    const old = await api.createNote(sectionId, { content: 'departed secret words' });
    await api.request('GET', '/api/search?q=departed');
    await api.request('DELETE', `/api/notes/${old.id}`);
    // SQLite hands out the highest rowid + 1, so this page may take the deleted page's rowid.
    const theirs = await other.createNote(otherSection.id, { content: 'their fresh words' });
    const found = async (as: Api, q: string) =>
      (
        (await as.request('GET', `/api/search?q=${encodeURIComponent(q)}`)).json() as SearchResponse
      ).notes.map((n) => n.id);
    expect(await found(other, 'departed secret')).toEqual([]);
    expect(await found(api, 'departed secret')).toEqual([]);
    expect(await found(other, 'their fresh')).toEqual([theirs.id]);
    expect(await found(api, 'their fresh')).toEqual([]);
    await expect.poll(queue, { timeout: 5000 }).toEqual([]);
    await integrityCheck();
  });

  it('stays exact when a deleted page’s row is reused before indexing', async () => {
    const old = await api.createNote(sectionId, { content: 'retired text' });
    await api.request('GET', '/api/search?q=retired');
    await api.request('DELETE', `/api/notes/${old.id}`);
    const fresh = await api.createNote(sectionId, { content: 'brand new text' });
    const search = async (q: string) =>
      (
        (await api.request('GET', `/api/search?q=${encodeURIComponent(q)}`)).json() as SearchResponse
      ).notes.map((n) => n.id);
    expect(await search('retired text')).toEqual([]);
    expect(await search('brand new text')).toEqual([fresh.id]);
    // A search indexes its own user's queue; other users' rows wait for the background indexer (1 s).
    await expect.poll(queue, { timeout: 5000 }).toEqual([]);
    await integrityCheck();
  });
});
