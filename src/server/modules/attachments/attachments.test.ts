import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attachmentQuotaBytes } from '../../../shared/domain/attachments.ts';
import { messages } from '../../../shared/messages.ts';
import { getAs, uploadedFile, uploadFile } from '../../test/attachment-helpers.ts';
import {
  asUser,
  confirmPassword,
  type SessionCookies,
  signedInUser,
  signIn,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { sweepAttachments } from './attachments.service.ts';
import { attachmentGraceMs } from './attachments-sweep.job.ts';

const DAY = 24 * 60 * 60 * 1000;
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(2000)]);

describe.each(testEngines)('attachments on %s', (engine) => {
  let ctx: TestContext;
  let owner: { userId: string; email: string; password: string; cookies: SessionCookies };
  let stranger: { userId: string; email: string; password: string; cookies: SessionCookies };

  const upload = (who: { cookies: SessionCookies }, name: string, type: string, body: Buffer) =>
    uploadFile(ctx, who, name, type, body);
  const download = (who: { cookies: SessionCookies }, url: string, headers: Record<string, string> = {}) =>
    getAs(ctx, who, url, headers);
  const uploaded = (name: string, type: string, body: Buffer) => uploadedFile(ctx, owner, name, type, body);

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    owner = await signedInUser(ctx);
    stranger = await signedInUser(ctx);
    // Paying accounts: tests run in any order, and some move the clock past the trial.
    await ctx.db.db
      .updateTable('user_profiles')
      .set({ account_status: 'active', is_trial: 0 })
      .where('id', 'in', [owner.userId, stranger.userId])
      .execute();
  });
  // Sessions expire when a test moves the clock: sign in afresh before each test, as the user would.
  beforeEach(async () => {
    owner.cookies = await signIn(ctx, owner.email, owner.password);
    stranger.cookies = await signIn(ctx, stranger.email, stranger.password);
  });
  afterAll(() => ctx.close());

  it('stores an image and serves it back inline to its owner, with the safety headers', async () => {
    const file = await uploaded('cat photo.png', 'image/png', png);
    expect(file).toMatchObject({ url: `/api/attachments/${file.id}`, type: 'image/png', size: png.length });
    const res = await download(owner, file.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="cat photo.png"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['cache-control']).toContain('private');
    expect(res.headers.etag).toBeTruthy();

    const again = await download(owner, file.url, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('keeps a multi-chunk file byte for byte', async () => {
    const body = randomBytes(1024 * 1024 + 123);
    const file = await uploaded('data.bin', 'application/octet-stream', body);
    const res = await download(owner, file.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
  });

  it('serves SVG and HTML as downloads, never inline', async () => {
    const svg = await uploaded(
      'logo.svg',
      'image/svg+xml',
      Buffer.from('<svg><script>alert(1)</script></svg>'),
    );
    const html = await uploaded('page.html', 'text/html', Buffer.from('<script>alert(1)</script>'));
    for (const file of [svg, html]) {
      const res = await download(owner, file.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers 404 to anyone but the owner, and 401 to no one signed in', async () => {
    const file = await uploaded('private.png', 'image/png', png);
    const foreign = await download(stranger, file.url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.rawPayload.equals(png)).toBe(false);
    const anonymous = await ctx.app.inject({ method: 'GET', url: file.url });
    expect(anonymous.statusCode).toBe(401);
    expect((await download(owner, `/api/attachments/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('refuses a file over 25 MB with a clear message, storing nothing', async () => {
    const before = (await download(owner, '/api/attachments/usage')).json() as { usedBytes: number };
    const res = await upload(
      owner,
      'huge.bin',
      'application/octet-stream',
      Buffer.alloc(25 * 1024 * 1024 + 1),
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.message).toBe(messages.attachments.tooLarge);
    const after = (await download(owner, '/api/attachments/usage')).json() as { usedBytes: number };
    expect(after.usedBytes).toBe(before.usedBytes);
  });

  it("refuses a file past the account's room and shows the usage", async () => {
    const user = await signedInUser(ctx);
    const usage = (await download(user, '/api/attachments/usage')).json();
    expect(usage).toEqual({ usedBytes: 0, limitBytes: attachmentQuotaBytes.trial });
    // Nearly full: a stored file that leaves less room than the next upload.
    await ctx.db.db
      .insertInto('attachments')
      .values({
        id: randomUUID(),
        user_id: user.userId,
        name: 'big.bin',
        type: 'application/octet-stream',
        size: attachmentQuotaBytes.trial - 1000,
        complete: 1,
        created_at: new Date().toISOString(),
        unreferenced_since: null,
      })
      .execute();
    const res = await upload(user, 'one-too-many.png', 'image/png', png);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(messages.attachments.quotaExceeded);

    await ctx.db.db.updateTable('user_profiles').set({ is_trial: 0 }).where('id', '=', user.userId).execute();
    const paid = (await download(user, '/api/attachments/usage')).json();
    expect(paid.limitBytes).toBe(attachmentQuotaBytes.paid);
    expect((await upload(user, 'fits-now.png', 'image/png', png)).statusCode).toBe(201);
  });

  it('deletes files no page or page version names after the grace, keeping named ones', async () => {
    const user = await signedInUser(ctx);
    const as = { cookies: user.cookies };
    const post = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, payload, ...asUser(user.cookies) });
    const kept = (await upload(as, 'kept.png', 'image/png', png)).json();
    const dropped = (await upload(as, 'dropped.png', 'image/png', png)).json();
    const notebook = (await post('/api/notebooks', {})).json();
    const section = (await post('/api/sections', { notebookId: notebook.id })).json();
    const note = await post('/api/notes', { sectionId: section.id, content: `![kept](${kept.url})` });
    expect(note.statusCode, note.body).toBe(201);

    await sweepAttachments(ctx.deps, attachmentGraceMs);
    // Inside the grace nothing goes: Undo may still bring the text back.
    expect((await download(as, dropped.url)).statusCode).toBe(200);
    ctx.clock.advance(attachmentGraceMs + 1000);
    expect(await sweepAttachments(ctx.deps, attachmentGraceMs)).toBeGreaterThanOrEqual(1);
    // The session has expired with the clock; sign in again as the user would.
    as.cookies = await signIn(ctx, user.email, user.password);
    expect((await download(as, dropped.url)).statusCode).toBe(404);
    expect((await download(as, kept.url)).statusCode).toBe(200);
  });

  it('keeps a file a page version alone names, and unstamps one named again before the grace ends', async () => {
    const user = await signedInUser(ctx);
    const as = { cookies: user.cookies };
    const post = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, payload, ...asUser(user.cookies) });
    const inHistory = (await upload(as, 'history.png', 'image/png', png)).json();
    const back = (await upload(as, 'back.png', 'image/png', png)).json();
    const notebook = (await post('/api/notebooks', {})).json();
    const section = (await post('/api/sections', { notebookId: notebook.id })).json();
    // The page no longer names it; the version kept of its earlier text does, inside a longer text.
    const note = (await post('/api/notes', { sectionId: section.id, content: 'no files here' })).json();
    const at = ctx.clock.now.toISOString();
    await ctx.db.db
      .insertInto('note_versions')
      .values({
        id: randomUUID(),
        user_id: user.userId,
        note_id: note.id,
        reason: 'edit',
        session_id: null,
        title: '',
        content: `before x${inHistory.url}y after`,
        size: 10,
        base_version: null,
        page_version: 0,
        created_at: at,
        saved_at: at,
      })
      .execute();
    const stamp = async (url: string) =>
      (
        await ctx.db.db
          .selectFrom('attachments')
          .select('unreferenced_since')
          .where('id', '=', url.split('/').pop() ?? '')
          .executeTakeFirstOrThrow()
      ).unreferenced_since;

    await sweepAttachments(ctx.deps, attachmentGraceMs);
    expect(await stamp(inHistory.url)).toBeNull();
    expect(await stamp(back.url)).toBe(at);
    // Named again (Undo brought the text back) before the grace ends: no longer counted as unnamed.
    await post('/api/notes', { sectionId: section.id, content: `![back](${back.url})` });
    ctx.clock.advance(attachmentGraceMs / 2);
    await sweepAttachments(ctx.deps, attachmentGraceMs);
    expect(await stamp(back.url)).toBeNull();
    ctx.clock.advance(attachmentGraceMs);
    await sweepAttachments(ctx.deps, attachmentGraceMs);
    as.cookies = await signIn(ctx, user.email, user.password);
    expect((await download(as, inHistory.url)).statusCode).toBe(200);
    expect((await download(as, back.url)).statusCode).toBe(200);
  });

  it('lets a read-only account download but not upload', async () => {
    const user = await signedInUser(ctx);
    const file = (await upload(user, 'before.png', 'image/png', png)).json();
    ctx.clock.advance(8 * DAY);
    const cookies = await signIn(ctx, user.email, user.password);
    const res = await upload({ cookies }, 'after.png', 'image/png', png);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('read_only');
    expect((await download({ cookies }, file.url)).statusCode).toBe(200);
  });

  it("deletes the account's files, chunks included, with the account", async () => {
    const user = await signedInUser(ctx);
    const file = (await upload(user, 'gone.png', 'image/png', png)).json();
    await confirmPassword(ctx, user.cookies);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { confirmation: 'DELETE' },
      ...asUser(user.cookies),
    });
    expect(res.statusCode, res.body).toBe(200);
    const left = await ctx.db.db.selectFrom('attachments').select('id').where('id', '=', file.id).execute();
    const chunks = await ctx.db.db
      .selectFrom('attachment_chunks')
      .select('seq')
      .where('attachment_id', '=', file.id)
      .execute();
    expect([left.length, chunks.length]).toEqual([0, 0]);
  });
});
