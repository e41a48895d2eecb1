import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { messages } from '../../../shared/messages.ts';
import { notFound } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { byteSink, pour, storageForNewFiles } from './attachment-bytes.ts';
import {
  type AttachmentRow,
  completeAttachment,
  deleteAttachments,
  findPreview,
  insertAttachment,
} from './attachments.repo.ts';
import { fileStream, getAttachment } from './attachments.service.ts';

type Deps = Pick<AppDeps, 'database' | 'now' | 'config' | 'logger'>;

/** The editor shows images at most this wide; a photo's 4000 px would be 20 times the bytes. */
export const previewMaxWidth = 1024;
/**
 * Decoded pixels an image may have (about 8000 × 6000): past it sharp refuses before decoding, so a
 * small file claiming 30000 × 30000 pixels (gigabytes once decoded) costs nothing.
 */
export const previewMaxPixels = 50_000_000;

/** Raster types sharp reads and browsers show; SVG is never previewed (nor rendered). */
const previewable = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

const noPreview = () => notFound(messages.attachments.noPreview);

/** A preview as served: its bytes (a stream, or the buffer just made) and its headers' facts. */
export interface Preview {
  size: number;
  body: Readable | Buffer;
}

/** The owner's image a preview is asked of: 404 for anyone else's, and for SVG and other files. */
export async function previewableImage(deps: Deps, userId: string, id: string): Promise<AttachmentRow> {
  const image = await getAttachment(deps.database.db, userId, id);
  if (!previewable.has(image.type)) throw noPreview();
  return image;
}

/**
 * An image's resized preview (404 when sharp refuses the image: a pixel bomb, a broken file). Made
 * once, on the first request, and stored like any file (its row names the image); later requests read
 * the stored one.
 */
export async function openPreview(deps: Deps, userId: string, image: AttachmentRow): Promise<Preview> {
  const stored = await findPreview(deps.database.db, image.id);
  if (stored) return { size: stored.size, body: await fileStream(deps, stored) };
  const made = await makePreview(deps, image);
  await keepPreview(deps, userId, image, made);
  return { size: made.length, body: made };
}

async function makePreview(deps: Deps, image: AttachmentRow): Promise<Buffer> {
  const resize = sharp({ limitInputPixels: previewMaxPixels, failOn: 'error' })
    .rotate()
    .resize({ width: previewMaxWidth, withoutEnlargement: true })
    .webp({ quality: 80 });
  const source = await fileStream(deps, image);
  // pipe() does not pass a source's failure on: without this a broken read would leave sharp waiting.
  source.on('error', (error) => resize.destroy(error));
  try {
    source.pipe(resize);
    return await resize.toBuffer();
  } catch (error) {
    deps.logger.info(
      { event: 'attachments.preview_refused', attachmentId: image.id, reason: (error as Error).message },
      'no preview for this image',
    );
    throw noPreview();
  } finally {
    source.destroy();
  }
}

/**
 * Stores a preview just made. Two first requests at once both make one: the unique index keeps the
 * first stored, the other's is served once and dropped.
 */
async function keepPreview(deps: Deps, userId: string, image: AttachmentRow, made: Buffer): Promise<void> {
  const id = randomUUID();
  const storage = storageForNewFiles(deps);
  try {
    await insertAttachment(deps.database.db, {
      id,
      userId,
      name: `${image.name}.preview.webp`,
      type: 'image/webp',
      createdAt: deps.now().toISOString(),
      storage,
      previewOf: image.id,
    });
  } catch {
    return;
  }
  const sink = byteSink(deps, id, storage);
  try {
    const size = await pour(Readable.from([made]), sink, { check() {}, async written() {} });
    await completeAttachment(deps.database.db, id, size);
  } catch (error) {
    // Not kept this time (the bucket failed): the next request makes it again.
    deps.logger.warn({ err: error, attachmentId: image.id }, 'a preview could not be stored');
    await sink.abort().catch(() => undefined);
    await deleteAttachments(deps.database.db, [id]);
  }
}
