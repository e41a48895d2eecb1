import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteConflictBody, NoteMeta } from '../../../shared/schemas/note.ts';
import type {
  NoteVersion,
  NoteVersionSummary,
  RestoreNoteVersionResponse,
} from '../../../shared/schemas/note-history.ts';
import { signedInUser, signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { historyPruneJob } from './history-prune.job.ts';
import { HISTORY_COALESCE_MS } from './note-history.service.ts';
import { type Api, apiFor, expectError, newUserApi } from './notes-test-helpers.ts';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

async function pageOf(api: Api, body: object = {}) {
  const notebook = await api.createNotebook();
  const section = await api.createSection(notebook.id);
  return api.createNote(section.id, body);
}

/** Saves text as an editing session would; answers the page's new version. */
async function save(
  api: Api,
  id: string,
  body: {
    content?: string;
    title?: string;
    baseVersion: number;
    editSession?: string;
    resolvesConflict?: boolean;
  },
) {
  const res = await api.request('PATCH', `/api/notes/${id}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as NoteMeta).version;
}

async function versionsOf(api: Api, id: string): Promise<NoteVersionSummary[]> {
  const res = await api.request('GET', `/api/notes/${id}/versions`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { versions: NoteVersionSummary[] }).versions;
}

async function versionText(api: Api, id: string, versionId: string) {
  const res = await api.request('GET', `/api/notes/${id}/versions/${versionId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as NoteVersion).content;
}

async function restore(api: Api, id: string, versionId: string, baseVersion: number) {
  const res = await api.request('POST', `/api/notes/${id}/versions/${versionId}/restore`, { baseVersion });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RestoreNoteVersionResponse;
}

describe.each(testEngines)('page history on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  it('makes one version per editing session, coalescing its saves within the window', async () => {
    const api = await newUserApi(ctx);
    const page = await pageOf(api);
    expect(await versionsOf(api, page.id)).toEqual([]);

    let version = await save(api, page.id, { content: 'a', baseVersion: page.version, editSession: 'one' });
    version = await save(api, page.id, { content: 'ab', baseVersion: version, editSession: 'one' });
    version = await save(api, page.id, { title: 'Typed', baseVersion: version, editSession: 'one' });
    const first = await versionsOf(api, page.id);
    expect(first).toEqual([
      expect.objectContaining({ reason: 'edit', title: 'Typed', size: 2, pageVersion: version }),
    ]);
    expect(await versionText(api, page.id, first[0]?.id ?? '')).toBe('ab');

    // The page opened again (a reload): a new session, a new version; the first keeps its text.
    version = await save(api, page.id, { content: 'abc', baseVersion: version, editSession: 'two' });
    ctx.clock.advance(HISTORY_COALESCE_MS - MINUTE);
    version = await save(api, page.id, { content: 'abcd', baseVersion: version, editSession: 'two' });
    let list = await versionsOf(api, page.id);
    expect(list.map((v) => v.size)).toEqual([4, 2]);

    // Past the window since the session's last save: typing starts a new version.
    ctx.clock.advance(HISTORY_COALESCE_MS + MINUTE);
    version = await save(api, page.id, { content: 'abcde', baseVersion: version, editSession: 'two' });
    list = await versionsOf(api, page.id);
    expect(list.map((v) => v.size)).toEqual([5, 4, 2]);
    expect(list[0]?.savedAt).toBe(ctx.clock.now.toISOString());
    expect(await versionText(api, page.id, list[1]?.id ?? '')).toBe('abcd');

    // A save of another session in between: the next save of this one does not write into the other's.
    version = await save(api, page.id, {
      content: 'other device',
      baseVersion: version,
      editSession: 'three',
    });
    await save(api, page.id, { content: 'abcdef', baseVersion: version, editSession: 'two' });
    expect((await versionsOf(api, page.id)).map((v) => v.size)).toEqual([6, 12, 5, 4, 2]);
  });

  it('keeps the text a page had before its first edit, once, so History can go back to it', async () => {
    const api = await newUserApi(ctx);
    const page = await pageOf(api, { title: 'Imported', content: 'Original text' });
    expect(await versionsOf(api, page.id)).toEqual([]);
    let version = await save(api, page.id, {
      content: 'Edited',
      baseVersion: page.version,
      editSession: 'a',
    });
    version = await save(api, page.id, { content: 'Edited more', baseVersion: version, editSession: 'a' });
    const list = await versionsOf(api, page.id);
    expect(list).toEqual([
      expect.objectContaining({ reason: 'edit', pageVersion: version, size: 11 }),
      expect.objectContaining({
        reason: 'before-edit',
        title: 'Imported',
        pageVersion: page.version,
        size: 13,
      }),
    ]);
    expect(await versionText(api, page.id, list[1]?.id ?? '')).toBe('Original text');
    // Saves without a session (coalesced by session null) never write into the kept original.
    const bare = await pageOf(api, { content: 'Kept as it was' });
    let bareVersion = await save(api, bare.id, { content: 'x', baseVersion: bare.version });
    bareVersion = await save(api, bare.id, { content: 'xy', baseVersion: bareVersion });
    const bareList = await versionsOf(api, bare.id);
    expect(bareList.map((v) => v.reason)).toEqual(['edit', 'before-edit']);
    expect(await versionText(api, bare.id, bareList[1]?.id ?? '')).toBe('Kept as it was');
    // A later session: its base text is held by a version already, so nothing more is kept.
    await save(api, bare.id, { content: 'xyz', baseVersion: bareVersion, editSession: 'later' });
    expect((await versionsOf(api, bare.id)).map((v) => v.reason)).toEqual(['edit', 'edit', 'before-edit']);
  });

  it("offers a new account's starter page's text in History after its first edit", async () => {
    const user = await signedInUser(ctx, { starterContent: true });
    const api = apiFor(ctx, user.userId, user.cookies);
    const [notebook] = (await api.tree()).notebooks;
    const starterId = notebook?.sections[0]?.notes[0]?.id ?? '';
    const starter = await api.getNote(starterId);
    expect(starter.content.length).toBeGreaterThan(0);
    await save(api, starterId, { content: 'My own notes', baseVersion: starter.version, editSession: 's' });
    const list = await versionsOf(api, starterId);
    expect(list.map((v) => v.reason)).toEqual(['edit', 'before-edit']);
    expect(await versionText(api, starterId, list[1]?.id ?? '')).toBe(starter.content);
  });

  it('restores a version, keeping the text it replaced, and the restore can be undone', async () => {
    const api = await newUserApi(ctx);
    // Created with text: the first edit keeps it (`before-edit`).
    const page = await pageOf(api, { title: 'Plan', content: 'as created' });
    let version = await save(api, page.id, { content: 'first draft', baseVersion: 1, editSession: 'a' });
    version = await save(api, page.id, {
      title: 'Plan 2',
      content: 'second draft',
      baseVersion: version,
      editSession: 'b',
    });
    const [second, first] = await versionsOf(api, page.id);

    const restored = await restore(api, page.id, first?.id ?? '', version);
    expect(restored.note).toMatchObject({ title: 'Plan', content: 'first draft', version: version + 1 });
    expect(await api.getNote(page.id)).toEqual(restored.note);
    // The replaced text was already the newest version: that one is the way back.
    expect(restored.previousVersionId).toBe(second?.id);
    expect(await versionsOf(api, page.id)).toHaveLength(3);

    // Undo: restore the replaced text; the restored one is kept first, so the undo is undoable too.
    const undone = await restore(api, page.id, restored.previousVersionId, restored.note.version);
    expect(undone.note).toMatchObject({ title: 'Plan 2', content: 'second draft' });
    const list = await versionsOf(api, page.id);
    expect(list.map((v) => v.reason)).toEqual(['before-restore', 'edit', 'edit', 'before-edit']);
    expect(undone.previousVersionId).toBe(list[0]?.id);
    expect(await versionText(api, page.id, undone.previousVersionId)).toBe('first draft');

    // A restore from a stale version is refused like a save: 409 with the page as it is.
    const stale = await api.request('POST', `/api/notes/${page.id}/versions/${first?.id}/restore`, {
      baseVersion: version,
    });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as NoteConflictBody).error.current.content).toBe('second draft');
    expect(await versionsOf(api, page.id)).toHaveLength(4);
  });

  it('lets one of two simultaneous restores from the same version through, the other is a conflict', async () => {
    const api = await newUserApi(ctx);
    const page = await pageOf(api, { content: 'as created' });
    const version = await save(api, page.id, { content: 'edited', baseVersion: 1, editSession: 'a' });
    // Text no version holds, so both restores try to keep it first.
    await ctx.db.db
      .updateTable('notes')
      .set({ content: 'unversioned', version: version + 1 })
      .where('id', '=', page.id)
      .execute();
    const [edited] = await versionsOf(api, page.id);
    const url = `/api/notes/${page.id}/versions/${edited?.id}/restore`;
    const answers = await Promise.all([
      api.request('POST', url, { baseVersion: version + 1 }),
      api.request('POST', url, { baseVersion: version + 1 }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await versionsOf(api, page.id)).map((v) => v.reason)).toEqual([
      'before-restore',
      'edit',
      'before-edit',
    ]);
  });

  it('keeps text no version holds before a restore replaces it', async () => {
    const api = await newUserApi(ctx);
    const page = await pageOf(api, { content: 'as created' });
    const version = await save(api, page.id, { content: 'edited', baseVersion: 1, editSession: 'a' });
    // Text written without a save (an older app version): no version holds it.
    await ctx.db.db
      .updateTable('notes')
      .set({ content: 'unversioned', version: version + 1 })
      .where('id', '=', page.id)
      .execute();
    const [edited] = await versionsOf(api, page.id);
    const restored = await restore(api, page.id, edited?.id ?? '', version + 1);
    expect(restored.note.content).toBe('edited');
    expect(await versionText(api, page.id, restored.previousVersionId)).toBe('unversioned');
    expect((await versionsOf(api, page.id)).map((v) => v.reason)).toEqual([
      'before-restore',
      'edit',
      'before-edit',
    ]);
  });

  it('keeps the text a conflict resolution replaces', async () => {
    const api = await newUserApi(ctx);
    const page = await pageOf(api, { content: 'start' });
    // Another device's text that no version holds (written by an older app version).
    await ctx.db.db
      .updateTable('notes')
      .set({ content: 'their text', version: 2 })
      .where('id', '=', page.id)
      .execute();
    const stale = await api.request('PATCH', `/api/notes/${page.id}`, {
      content: 'my text',
      baseVersion: 1,
      editSession: 'mine',
    });
    expect(stale.statusCode).toBe(409);
    expect(await versionsOf(api, page.id)).toEqual([]);

    // "Keep mine": saved over the current version, theirs kept first.
    await save(api, page.id, {
      content: 'my text',
      baseVersion: 2,
      editSession: 'mine',
      resolvesConflict: true,
    });
    const list = await versionsOf(api, page.id);
    expect(list.map((v) => v.reason)).toEqual(['edit', 'before-conflict']);
    expect(await versionText(api, page.id, list[1]?.id ?? '')).toBe('their text');
    expect(await versionText(api, page.id, list[0]?.id ?? '')).toBe('my text');
  });

  it("answers 404 for another user's page or version, and for a version of another page", async () => {
    const owner = await newUserApi(ctx);
    const other = await newUserApi(ctx);
    const page = await pageOf(owner);
    const version = await save(owner, page.id, { content: 'private', baseVersion: 1, editSession: 'a' });
    const [kept] = await versionsOf(owner, page.id);
    const versionId = kept?.id ?? '';

    expectError(await other.request('GET', `/api/notes/${page.id}/versions`), 404, 'not_found');
    expectError(await other.request('GET', `/api/notes/${page.id}/versions/${versionId}`), 404, 'not_found');
    expectError(
      await other.request('POST', `/api/notes/${page.id}/versions/${versionId}/restore`, {
        baseVersion: version,
      }),
      404,
      'not_found',
    );
    expectError(await owner.request('GET', `/api/notes/${randomUUID()}/versions`), 404, 'not_found');
    const another = await pageOf(owner);
    expectError(
      await owner.request('GET', `/api/notes/${another.id}/versions/${versionId}`),
      404,
      'not_found',
    );
    expectError(
      await owner.request('POST', `/api/notes/${another.id}/versions/${versionId}/restore`, {
        baseVersion: 1,
      }),
      404,
      'not_found',
    );
    expect((await owner.getNote(page.id)).content).toBe('private');
  });

  it("deletes a page's history with the page, and with its notebook", async () => {
    const api = await newUserApi(ctx);
    const notebook = await api.createNotebook();
    const section = await api.createSection(notebook.id);
    const pages = [await api.createNote(section.id), await api.createNote(section.id)];
    for (const page of pages) await save(api, page.id, { content: 'text', baseVersion: 1, editSession: 'a' });
    const rowsOf = async (noteId: string) =>
      (await ctx.db.db.selectFrom('note_versions').select('id').where('note_id', '=', noteId).execute())
        .length;
    expect(await rowsOf(pages[0]?.id ?? '')).toBe(1);

    expect((await api.request('DELETE', `/api/notes/${pages[0]?.id}`)).statusCode).toBe(204);
    expect(await rowsOf(pages[0]?.id ?? '')).toBe(0);
    expect((await api.request('DELETE', `/api/notebooks/${notebook.id}`)).statusCode).toBe(204);
    expect(await rowsOf(pages[1]?.id ?? '')).toBe(0);
  });

  it('keeps versions out of the export and the search index', async () => {
    const api = await newUserApi(ctx);
    const page = await pageOf(api);
    const version = await save(api, page.id, { content: 'zebra crossing', baseVersion: 1, editSession: 'a' });
    await save(api, page.id, { content: 'giraffe', baseVersion: version, editSession: 'b' });
    expect(await versionsOf(api, page.id)).toHaveLength(2);

    const exported = await api.request('GET', '/api/backup/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('giraffe');
    expect(exported.body).not.toContain('zebra');

    // The index has caught up once the current text is found; the old text is not.
    const found = async (q: string) => {
      const res = await api.request('GET', `/api/search?q=${q}`);
      return (res.json() as { notes: unknown[] }).notes.length;
    };
    await expect.poll(() => found('giraffe')).toBe(1);
    expect(await found('zebra')).toBe(0);
  });

  it('lets a read-only account list and view versions, not restore one', async () => {
    const user = await signedInUser(ctx);
    let api = apiFor(ctx, user.userId, user.cookies);
    const page = await pageOf(api);
    const version = await save(api, page.id, { content: 'trial text', baseVersion: 1, editSession: 'a' });
    ctx.clock.advance(8 * DAY);
    api = apiFor(ctx, user.userId, await signIn(ctx, user.email, user.password));

    const [kept] = await versionsOf(api, page.id);
    expect(await versionText(api, page.id, kept?.id ?? '')).toBe('trial text');
    expectError(
      await api.request('POST', `/api/notes/${page.id}/versions/${kept?.id}/restore`, {
        baseVersion: version,
      }),
      403,
      'read_only',
    );
  });
});

describe.each(testEngines)('pruning page history on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine, { NOTE_HISTORY_VERSIONS: '3', NOTE_HISTORY_DAYS: '30' });
  });
  afterAll(() => ctx.close());

  async function prune() {
    await historyPruneJob.enqueue(ctx.db.db, ctx.clock.now, {});
    await ctx.settle();
  }

  it("keeps each page's newest versions up to the limit, and none older than the days", async () => {
    const api = await newUserApi(ctx);
    const busy = await pageOf(api);
    const quiet = await pageOf(api);
    let version = 1;
    for (const session of ['s1', 's2', 's3', 's4', 's5']) {
      version = await save(api, busy.id, { content: session, baseVersion: version, editSession: session });
    }
    const before = await versionsOf(api, busy.id);
    expect(before).toHaveLength(5);
    await save(api, quiet.id, { content: 'old', baseVersion: 1, editSession: 'q' });

    await prune();
    expect(await versionsOf(api, busy.id)).toEqual(before.slice(0, 3));
    expect(await versionsOf(api, quiet.id)).toHaveLength(1);

    // 31 days on: everything saved before the cutoff goes, a version saved since stays.
    ctx.clock.advance(31 * DAY);
    const fresh = await newUserApi(ctx);
    const page = await pageOf(fresh);
    await save(fresh, page.id, { content: 'new', baseVersion: 1, editSession: 'n' });
    await prune();
    expect(await versionsOf(fresh, page.id)).toHaveLength(1);
    const left = await ctx.db.db
      .selectFrom('note_versions')
      .select('id')
      .where('note_id', 'in', [busy.id, quiet.id])
      .execute();
    expect(left).toEqual([]);
  });
});
