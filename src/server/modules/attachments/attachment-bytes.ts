import { Readable } from 'node:stream';
import type { Db } from '../../db/database.ts';
import type { AttachmentStorage } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { chunkBytes, deleteAttachments, insertChunk, readChunks, storageOf } from './attachments.repo.ts';
import { createObjectStore, type ObjectStore, partBytes } from './object-store.ts';

/**
 * Where a file's bytes go and come from: the chunk table, or an object in the S3 bucket when one is
 * configured. The row says which (`storage`), so files stored before a switch stay readable.
 */

export type BytesDeps = Pick<AppDeps, 'database' | 'config'>;

/** Files in the bucket are named by their row's id; nothing else is in the key (no name, no user). */
export const objectKey = (id: string) => `attachments/${id}`;

/** A stored file's bucket, or a clear failure when the settings that wrote it are gone. */
function bucket(deps: BytesDeps): ObjectStore {
  if (!deps.config.s3) throw new Error('this file is in the S3 bucket, but S3_* are not set');
  // A client is a few objects and signs with a key derived per day: one per use costs nothing.
  return createObjectStore(deps.config.s3);
}

/** Where a new file goes under the current settings. */
export const storageForNewFiles = (deps: BytesDeps): AttachmentStorage =>
  deps.config.s3 ? 's3' : 'database';

/**
 * Receives a file in blocks of `blockBytes` (the last one shorter, possibly empty) and stores them;
 * `abort` undoes what was written (the row itself is deleted by the caller).
 */
export interface ByteSink {
  blockBytes: number;
  write(block: Buffer): Promise<void>;
  finish(last: Buffer): Promise<void>;
  abort(): Promise<void>;
}

export function byteSink(deps: BytesDeps, id: string, storage: AttachmentStorage): ByteSink {
  return storage === 's3' ? bucketSink(bucket(deps), objectKey(id)) : chunkSink(deps.database.db, id);
}

function chunkSink(db: Db, id: string): ByteSink {
  let seq = 0;
  return {
    blockBytes: chunkBytes,
    async write(block) {
      // A copy: the block is refilled next, and the statement's bytes must be this chunk's for good.
      await insertChunk(db, id, seq, Buffer.from(block));
      seq += 1;
    },
    async finish(last) {
      if (last.length > 0 || seq === 0) await this.write(last);
    },
    // The chunks go with the row (cascade).
    async abort() {},
  };
}

/**
 * A file under 5 MB is one PutObject; a larger one a multipart upload of 5 MB parts, so an upload
 * holds at most one part in memory. A failed multipart upload is aborted (its parts would be billed).
 */
function bucketSink(store: ObjectStore, key: string): ByteSink {
  let uploadId: string | undefined;
  const etags: string[] = [];
  let done = false;
  return {
    blockBytes: partBytes,
    async write(block) {
      uploadId ??= await store.createMultipart(key);
      etags.push(await store.uploadPart(key, uploadId, etags.length + 1, block));
    },
    async finish(last) {
      if (uploadId === undefined) {
        await store.put(key, last);
      } else {
        if (last.length > 0) etags.push(await store.uploadPart(key, uploadId, etags.length + 1, last));
        await store.completeMultipart(key, uploadId, etags);
      }
      done = true;
    },
    // Also after a streamed PutObject (not through this sink) that may have landed.
    async abort() {
      if (uploadId !== undefined && !done) await store.abortMultipart(key, uploadId);
      else await store.delete(key);
    },
  };
}

/**
 * Feeds a stream to a sink in full blocks. `check` sees the bytes so far as each piece arrives (it
 * throws to refuse the file); `written` hears the bytes stored after each block. Returns the size.
 * One block buffer is filled and reused (each write is awaited, and the sinks copy or send it before
 * answering): an upload holds one block, not its pieces plus their concatenation.
 */
export async function pour(
  stream: AsyncIterable<Uint8Array>,
  sink: ByteSink,
  hooks: { check(size: number): void; written(size: number): Promise<void> },
): Promise<number> {
  let size = 0;
  let block: Buffer | undefined;
  let filled = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    hooks.check(size);
    let offset = 0;
    while (offset < chunk.length) {
      block ??= Buffer.allocUnsafe(sink.blockBytes);
      const taken = Math.min(chunk.length - offset, sink.blockBytes - filled);
      block.set(chunk.subarray(offset, offset + taken), filled);
      filled += taken;
      offset += taken;
      if (filled === sink.blockBytes) {
        await sink.write(block);
        filled = 0;
        await hooks.written(size - (chunk.length - offset));
      }
    }
  }
  await sink.finish(block ? block.subarray(0, filled) : Buffer.alloc(0));
  return size;
}

/**
 * A file of announced length straight to the bucket as one streamed PutObject: no block in memory at
 * all. `check` sees the bytes so far, as with `pour`.
 */
export async function streamToBucket(
  deps: BytesDeps,
  id: string,
  length: number,
  stream: AsyncIterable<Uint8Array>,
  check: (size: number) => void,
): Promise<number> {
  async function* counted() {
    let size = 0;
    for await (const chunk of stream) {
      size += chunk.length;
      check(size);
      yield chunk;
    }
  }
  await bucket(deps).putStream(objectKey(id), length, counted());
  return length;
}

/** A file's bytes, read as the reader asks for them. */
export async function openBytes(
  deps: BytesDeps,
  row: { id: string; storage: AttachmentStorage },
): Promise<Readable> {
  if (row.storage === 's3') return bucket(deps).get(objectKey(row.id));
  return chunkStream(deps.database.fileReads(), row.id);
}

function chunkStream(db: Db, id: string): Readable {
  async function* chunks() {
    let seq = 0;
    for (;;) {
      const batch = await readChunks(db, id, seq, 4);
      for (const data of batch) yield Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      if (batch.length < 4) return;
      seq += batch.length;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Deletes bucket objects by their rows' ids (a missing one is fine). */
export async function deleteObjects(deps: BytesDeps, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const store = bucket(deps);
  for (const id of ids) await store.delete(objectKey(id));
}

/**
 * Deletes files and their previews: the bucket's objects first, then the rows (whose chunks cascade).
 * Should the bucket fail, the rows stay and the next sweep tries again: an object is never left in the
 * bucket without a row that leads to it.
 */
export async function removeFiles(deps: BytesDeps, ids: string[]): Promise<void> {
  const rows = await storageOf(deps.database.db, ids);
  await deleteObjects(
    deps,
    rows.filter((row) => row.storage === 's3').map((row) => row.id),
  );
  await deleteAttachments(
    deps.database.db,
    rows.map((row) => row.id),
  );
}
