import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { backupMaxBytes } from '../../../shared/domain/backup-format.ts';
import { messages } from '../../../shared/messages.ts';
import { AppError } from '../../app-error.ts';

/**
 * The request body's chunks, read without ever destroying it. A `for await` that stops early (the size
 * limit, a file that is not a backup) would otherwise destroy the stream, and with it the request and
 * its socket while the answer is still to be written. Left unread instead, the rest of the body goes
 * with the connection, which `closeAfterUnreadUpload` closes once the answer is out.
 */
export function uploadChunks(body: Readable): AsyncIterable<Uint8Array> {
  return body.iterator({ destroyOnReturn: false });
}

/**
 * The upload's bytes as they arrive, refused with 413 past the import's limit: a chunked upload declares
 * no length for the route's onRequest check, and Fastify's bodyLimit only guards the bodies it reads.
 */
export async function* limitedUpload(
  source: AsyncIterable<Uint8Array>,
  maxBytes = backupMaxBytes,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > maxBytes) throw new AppError('payload_too_large', 413, uploadTooLarge(maxBytes));
    yield chunk;
  }
}

/** The JSON backup's own words at its limit; a zip's limit in the same shape. */
export const uploadTooLarge = (maxBytes: number) =>
  maxBytes === backupMaxBytes ? messages.backup.tooLarge : messages.markdownImport.zipTooLarge;

/**
 * Copies the upload to a temporary file, then lets `read` read it from there (by its path); the file is
 * removed afterwards. An import reads its file inside its transaction, which a slow upload must not
 * hold open, and its worker thread (backup-import-worker.ts) reads the file from disk.
 */
export async function withSpooledUpload<T>(
  upload: AsyncIterable<Uint8Array>,
  read: (path: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'jotlist-import-'));
  try {
    const path = join(dir, 'backup.json');
    await pipeline(Readable.from(upload), createWriteStream(path));
    return await read(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
