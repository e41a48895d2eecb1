import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { getAs as download, uploadFile as upload, uploadedFile } from '../../test/attachment-helpers.ts';
import {
  asUser,
  confirmPassword,
  type SessionCookies,
  signedInUser,
  signIn,
} from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { type FakeS3, startFakeS3 } from '../../test/fake-s3.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { sweepAttachments } from './attachments.service.ts';
import { attachmentGraceMs } from './attachments-sweep.job.ts';
import { storeRetries } from './object-store.ts';

const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(3000)]);
const MB = 1024 * 1024;

type User = { userId: string; email: string; password: string; cookies: SessionCookies };

/** An upload whose length is not announced (chunked), as a client streaming what it makes would send. */
const uploadUnsized = (ctx: TestContext, who: { cookies: SessionCookies }, name: string, body: Buffer) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/attachments?name=${encodeURIComponent(name)}`,
    headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
    payload: Readable.from([body.subarray(0, 1000), body.subarray(1000)]),
    ...asUser(who.cookies),
  });
const rowsOf = (ctx: TestContext, userId: string) =>
  ctx.db.db.selectFrom('attachments').select(['id', 'storage']).where('user_id', '=', userId).execute();

describe('S3 settings', () => {
  const full = {
    NODE_ENV: 'test',
    S3_BUCKET: 'files',
    S3_ENDPOINT: 'https://s3.example.test',
    S3_REGION: 'eu-west-1',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret',
  };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('takes all five together, or none', () => {
    expect(loadConfig(full).s3).toMatchObject({
      bucket: 'files',
      region: 'eu-west-1',
      forcePathStyle: false,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).s3).toBeNull();
  });

  it('refuses to start on a partial set, with one line naming what is missing', () => {
    const { S3_SECRET_ACCESS_KEY: _secret, S3_REGION: _region, ...partial } = full;
    const problems = refusal(partial);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^S3 storage needs .*: S3_REGION, S3_SECRET_ACCESS_KEY are missing/);
  });
});

describe.each(testEngines)('attachments in an S3 bucket on %s', (engine) => {
  let s3: FakeS3;
  let ctx: TestContext;
  let owner: User;
  let stranger: User;

  const uploaded = (name: string, type: string, body: Buffer) => uploadedFile(ctx, owner, name, type, body);

  beforeAll(async () => {
    s3 = await startFakeS3();
    ctx = await buildTestApp(engine, s3.env);
    owner = await signedInUser(ctx);
    stranger = await signedInUser(ctx);
    await ctx.db.db
      .updateTable('user_profiles')
      .set({ account_status: 'active', is_trial: 0 })
      .where('id', 'in', [owner.userId, stranger.userId])
      .execute();
  });
  beforeEach(async () => {
    owner.cookies = await signIn(ctx, owner.email, owner.password);
    stranger.cookies = await signIn(ctx, stranger.email, stranger.password);
  });
  afterAll(async () => {
    await ctx.close();
    await s3.close();
  });

  it('puts a small file in the bucket, not the database, and serves it back with the same headers', async () => {
    const file = await uploaded('cat.png', 'image/png', png);
    expect(s3.objects.get(`attachments/${file.id}`)?.equals(png)).toBe(true);
    const chunks = await ctx.db.db
      .selectFrom('attachment_chunks')
      .select('seq')
      .where('attachment_id', '=', file.id)
      .execute();
    expect(chunks).toEqual([]);

    const res = await download(ctx, owner, file.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(png.length));
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="cat.png"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const again = await download(ctx, owner, file.url, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('streams a large file of announced length as one PutObject, byte for byte', async () => {
    const body = randomBytes(12 * MB + 77);
    const before = s3.requests.length;
    const file = await uploaded('video.bin', 'application/octet-stream', body);
    expect(s3.requests.slice(before).map((r) => `${r.method} ${r.query}`)).toEqual(['PUT ']);
    const res = await download(ctx, owner, file.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
  });

  it('sends a large file of unknown length as a multipart upload of 5 MB parts, byte for byte', async () => {
    const body = randomBytes(12 * MB + 77);
    const before = s3.requests.length;
    const res0 = await uploadUnsized(ctx, owner, 'video.bin', body);
    expect(res0.statusCode, res0.body).toBe(201);
    const file = res0.json() as { url: string };
    const calls = s3.requests.slice(before).map((r) => `${r.method} ${r.query.replace(/=[^&]*/g, '')}`);
    expect(calls).toEqual([
      'POST ?uploads',
      'PUT ?partNumber&uploadId',
      'PUT ?partNumber&uploadId',
      'PUT ?partNumber&uploadId',
      'POST ?uploadId',
    ]);
    expect(s3.openUploads.size).toBe(0);
    const res = await download(ctx, owner, file.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
  });

  it('answers 404 to anyone but the owner, without asking the bucket', async () => {
    const file = await uploaded('private.png', 'image/png', png);
    const before = s3.requests.length;
    const res = await download(ctx, stranger, file.url);
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.equals(png)).toBe(false);
    expect(s3.requests.length).toBe(before);
  });

  it('keeps files stored in the database before the switch readable', async () => {
    const id = randomUUID();
    await ctx.db.db
      .insertInto('attachments')
      .values({
        id,
        user_id: owner.userId,
        name: 'old.png',
        type: 'image/png',
        size: png.length,
        complete: 1,
        created_at: new Date().toISOString(),
        unreferenced_since: null,
        storage: 'database',
      })
      .execute();
    await ctx.db.db
      .insertInto('attachment_chunks')
      .values({ attachment_id: id, seq: 0, data: png })
      .execute();
    const res = await download(ctx, owner, `/api/attachments/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it("deletes the object, and its preview's, when the sweep deletes an unreferenced file", async () => {
    const user = await signedInUser(ctx);
    const image = await sharp({ create: { width: 1500, height: 10, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const dropped = (await upload(ctx, user, 'dropped.png', 'image/png', image)).json();
    expect(s3.objects.has(`attachments/${dropped.id}`)).toBe(true);
    const preview = await download(ctx, user, `${dropped.url}/preview`);
    expect(preview.statusCode).toBe(200);
    const [previewRow] = await ctx.db.db
      .selectFrom('attachments')
      .select(['id', 'storage'])
      .where('preview_of', '=', dropped.id)
      .execute();
    expect(previewRow?.storage).toBe('s3');
    expect(s3.objects.get(`attachments/${previewRow?.id}`)?.equals(preview.rawPayload)).toBe(true);
    await sweepAttachments(ctx.deps, attachmentGraceMs);
    ctx.clock.advance(attachmentGraceMs + 1000);
    await sweepAttachments(ctx.deps, attachmentGraceMs);
    expect(s3.objects.has(`attachments/${dropped.id}`)).toBe(false);
    expect(s3.objects.has(`attachments/${previewRow?.id}`)).toBe(false);
    expect(await rowsOf(ctx, user.userId)).toEqual([]);
  });

  it("deletes the account's objects with the account", async () => {
    const user = await signedInUser(ctx);
    const file = (await upload(ctx, user, 'gone.png', 'image/png', png)).json();
    await confirmPassword(ctx, user.cookies);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { confirmation: 'DELETE' },
      ...asUser(user.cookies),
    });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.settle();
    expect(s3.objects.has(`attachments/${file.id}`)).toBe(false);
  });

  it('tries a part again when the bucket has a passing failure', async () => {
    s3.failParts(1);
    const body = randomBytes(6 * MB);
    const sent = await uploadUnsized(ctx, owner, 'retried.bin', body);
    expect(sent.statusCode, sent.body).toBe(201);
    const file = sent.json() as { url: string };
    expect((await download(ctx, owner, file.url)).rawPayload.equals(body)).toBe(true);
  });

  it('aborts the multipart upload and keeps nothing when the bucket fails mid-upload', async () => {
    const user = await signedInUser(ctx);
    const objectsBefore = s3.objects.size;
    s3.failParts(storeRetries + 1);
    const res = await uploadUnsized(ctx, user, 'half.bin', randomBytes(11 * MB));
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'storage_failed',
      message: messages.attachments.storageFailed,
    });
    expect(s3.openUploads.size).toBe(0);
    expect(s3.objects.size).toBe(objectsBefore);
    expect(await rowsOf(ctx, user.userId)).toEqual([]);
    // The app is still up and the next upload works.
    expect((await upload(ctx, user, 'next.png', 'image/png', png)).statusCode).toBe(201);
  });

  it('refuses a wrongly signed request: the bucket says SignatureDoesNotMatch, the person a clear 502', async () => {
    const wrong = await buildTestApp(engine, { ...s3.env, S3_SECRET_ACCESS_KEY: `${s3.secretAccessKey}x` });
    try {
      const user = await signedInUser(wrong);
      const before = s3.requests.length;
      const res = await upload(wrong, user, 'refused.png', 'image/png', png);
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().error).toMatchObject({
        code: 'storage_failed',
        message: messages.attachments.storageFailed,
      });
      expect(s3.requests.slice(before).map((r) => r.code)).toContain('SignatureDoesNotMatch');
      expect(await rowsOf(wrong, user.userId)).toEqual([]);
      // Still serving: the usage answers.
      expect((await download(wrong, user, '/api/attachments/usage')).statusCode).toBe(200);
    } finally {
      await wrong.close();
    }
  });

  it('fails an upload cleanly when the bucket cannot be reached', async () => {
    const closed = await startFakeS3();
    await closed.close();
    const unreachable = await buildTestApp(engine, closed.env);
    try {
      const user = await signedInUser(unreachable);
      for (const size of [3000, 6 * MB]) {
        const res = await upload(
          unreachable,
          user,
          'lost.bin',
          'application/octet-stream',
          randomBytes(size),
        );
        expect(res.statusCode, res.body).toBe(502);
        expect(res.json().error.code).toBe('storage_failed');
      }
      expect(await rowsOf(unreachable, user.userId)).toEqual([]);
    } finally {
      await unreachable.close();
    }
  });
});
