import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { getAs, uploadedFile } from '../../test/attachment-helpers.ts';
import { type SessionCookies, signedInUser, signIn } from '../../test/auth-helpers.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { previewMaxWidth } from './attachment-preview.ts';

/** A PNG that says it is `width` × `height` pixels: its header, an IDAT of a few bytes, its end. */
function claimedPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(testEngines)('image previews on %s', (engine) => {
  let ctx: TestContext;
  let owner: { userId: string; email: string; password: string; cookies: SessionCookies };
  let stranger: { userId: string; email: string; password: string; cookies: SessionCookies };
  let photo: Buffer;

  const upload = (name: string, type: string, body: Buffer) => uploadedFile(ctx, owner, name, type, body);
  const get = (who: { cookies: SessionCookies }, url: string, headers: Record<string, string> = {}) =>
    getAs(ctx, who, url, headers);
  const previewRows = (imageId: string) =>
    ctx.db.db.selectFrom('attachments').select('id').where('preview_of', '=', imageId).execute();

  beforeAll(async () => {
    ctx = await buildTestApp(engine);
    owner = await signedInUser(ctx);
    stranger = await signedInUser(ctx);
    photo = await sharp({
      create: { width: 3000, height: 1500, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
  });
  beforeEach(async () => {
    owner.cookies = await signIn(ctx, owner.email, owner.password);
    stranger.cookies = await signIn(ctx, stranger.email, stranger.password);
  });
  afterAll(() => ctx.close());

  it('makes a 3000 px PNG a WebP at most 1024 px wide, once, with the file headers and 304', async () => {
    const file = await upload('wide.png', 'image/png', photo);
    const used = async () =>
      ((await get(owner, '/api/attachments/usage')).json() as { usedBytes: number }).usedBytes;
    const usedBefore = await used();
    const res = await get(owner, `${file.url}/preview`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(previewMaxWidth);
    expect(meta.height).toBe(512);

    const stored = await get(owner, `${file.url}/preview`);
    expect(stored.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(await previewRows(file.id)).toHaveLength(1);
    const again = await get(owner, `${file.url}/preview`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    // The original is untouched, and the preview is not counted against the account.
    expect((await get(owner, file.url)).rawPayload.equals(photo)).toBe(true);
    expect(await used()).toBe(usedBefore);
  });

  it('answers 404 to anyone but the owner', async () => {
    const file = await upload('mine.png', 'image/png', photo);
    expect((await get(stranger, `${file.url}/preview`)).statusCode).toBe(404);
    expect(await previewRows(file.id)).toHaveLength(0);
  });

  it('refuses a pixel bomb without decoding it, and keeps serving', async () => {
    const bomb = claimedPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2000);
    const file = await upload('bomb.png', 'image/png', bomb);
    const res = await get(owner, `${file.url}/preview`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(messages.attachments.noPreview);
    expect(await previewRows(file.id)).toHaveLength(0);
    const small = await upload('small.png', 'image/png', await sharp(photo).resize(200).png().toBuffer());
    expect((await get(owner, `${small.url}/preview`)).statusCode).toBe(200);
  });

  it('never previews SVG (nor any other file)', async () => {
    const svg = await upload(
      'logo.svg',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="10"/>'),
    );
    const pdf = await upload('doc.pdf', 'application/pdf', Buffer.from('%PDF-1.4'));
    for (const file of [svg, pdf]) {
      expect((await get(owner, `${file.url}/preview`)).statusCode).toBe(404);
      expect(await previewRows(file.id)).toHaveLength(0);
    }
  });
});
