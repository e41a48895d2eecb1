import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Note } from '../../shared/schemas/note.ts';
import { type Api, newUserApi } from '../modules/notes/notes-test-helpers.ts';
import { gatedFsync, stillWaitingUntilReleased, tracked } from '../test/gated-fsync.ts';
import { buildTestApp, type TestContext } from '../test/test-app.ts';

// The server's SQLite commits share their fsyncs (db/group-commit.ts): these prove a reply still waits
// for its write to be on disk, and that a reply that wrote nothing does not wait.
describe('durable replies with group commit (SQLite, docs/performance.md)', () => {
  let ctx: TestContext;
  let gate: ReturnType<typeof gatedFsync>;
  let api: Api;
  let sectionId: string;

  beforeEach(async () => {
    gate = gatedFsync();
    gate.state.holding = false;
    ctx = await buildTestApp('sqlite', {}, { walFsync: gate.fsync });
    api = await newUserApi(ctx);
    const notebook = await api.createNotebook({ title: 'Durable' });
    sectionId = (await api.createSection(notebook.id, { title: 'Replies' })).id;
  });

  afterEach(async () => {
    await ctx.close();
  });

  it('answers a created page only once the log holding it is synced', async () => {
    gate.state.holding = true;
    const created = tracked(api.request('POST', '/api/notes', { sectionId, title: 'Kept' }));
    const sync = await gate.heldCall(1);
    expect(sync.path).toBe(`${ctx.db.sqlitePath}-wal`);
    const res = await stillWaitingUntilReleased(created, sync);
    expect(res.statusCode, res.body).toBe(201);
    expect((await api.getNote((res.json() as Note).id)).title).toBe('Kept');
  });

  it('answers a read that wrote nothing while another reply waits for the disk', async () => {
    const existing = await api.createNote(sectionId, { title: 'Already there' });
    gate.state.holding = true;
    const saving = tracked(api.request('POST', '/api/notes', { sectionId, title: 'Waiting' }));
    const sync = await gate.heldCall(1);

    const read = await api.request('GET', `/api/notes/${existing.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(saving.settled).toBe(false);

    sync.release();
    expect((await saving.promise).statusCode).toBe(201);
  });

  it('answers a refused write with an error when the disk fails the sync, never with a success', async () => {
    gate.state.holding = true;
    const created = api.request('POST', '/api/notes', { sectionId, title: 'Unsure' });
    (await gate.heldCall(1)).fail(new Error('EIO: i/o error, fsync'));
    expect((await created).statusCode).toBe(500);
  });
});
