import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  attachmentMaxBytes,
  attachmentQuotaBytes,
  attachmentUrl,
} from '../../../shared/domain/attachments.ts';
import { messages } from '../../../shared/messages.ts';
import type { AttachmentUsage } from '../../../shared/schemas/attachment.ts';
import { AppError, notFound } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { findProfile } from '../entitlement/index.ts';
import {
  byteSink,
  openBytes,
  pour,
  removeFiles,
  storageForNewFiles,
  streamToBucket,
} from './attachment-bytes.ts';
import {
  type AttachmentRow,
  completeAttachment,
  deleteAttachments,
  fileOwners,
  filesOfOwner,
  findAttachment,
  insertAttachment,
  listAttachments,
  pagesMentioning,
  setArrivedSize,
  setUnreferencedSince,
  sweepable,
  textIdsOfOwner,
  textsByIds,
  usedBytes,
} from './attachments.repo.ts';
import { ObjectStoreError } from './object-store.ts';

type Deps = Pick<AppDeps, 'database' | 'now' | 'config' | 'logger'>;

/** What can be stored as a Content-Type: a plain `type/subtype`, anything else is served as bytes. */
const mimeType = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
export const storedType = (type: string | undefined): string => {
  const bare = (type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return mimeType.test(bare) ? bare : 'application/octet-stream';
};

const tooLarge = () =>
  new AppError('payload_too_large', 413, messages.attachments.tooLarge, {
    file: messages.attachments.tooLarge,
  });
const overQuota = () =>
  new AppError('payload_too_large', 413, messages.attachments.quotaExceeded, {
    file: messages.attachments.quotaExceeded,
  });

export async function attachmentUsage(db: Db, userId: string): Promise<AttachmentUsage> {
  const profile = await findProfile(db, userId);
  const limitBytes = profile?.is_trial === 0 ? attachmentQuotaBytes.paid : attachmentQuotaBytes.trial;
  return { usedBytes: await usedBytes(db, userId), limitBytes };
}

/** Refuses before a byte is read when the declared length is already too much. */
export async function checkDeclaredSize(db: Db, userId: string, declared: number): Promise<void> {
  if (declared > attachmentMaxBytes) throw tooLarge();
  const usage = await attachmentUsage(db, userId);
  if (usage.usedBytes + declared > usage.limitBytes) throw overQuota();
}

/**
 * Stores a file as it arrives, a block at a time (a chunk row, or a 5 MB part in the bucket: never the
 * whole file in memory), refusing it with 413 once it passes the per-file limit or the account's room.
 * Each block is its own statement, not one long transaction: a slow upload must not hold SQLite's one
 * writer. Until it is complete the row is served to nobody; a failed upload is deleted at once, bucket
 * object included (and by the sweep, should this process die).
 */
export async function storeAttachment(
  deps: Deps,
  userId: string,
  file: {
    name: string;
    type: string;
    stream: AsyncIterable<Uint8Array>;
    /** The request's Content-Length: with it a file goes to the bucket as one streamed PutObject. */
    declaredSize?: number;
  },
): Promise<{ id: string; url: string; name: string; type: string; size: number }> {
  const db = deps.database.db;
  const usage = await attachmentUsage(db, userId);
  const room = Math.min(attachmentMaxBytes, usage.limitBytes - usage.usedBytes);
  const id = randomUUID();
  const type = storedType(file.type);
  const storage = storageForNewFiles(deps);
  await insertAttachment(db, {
    id,
    userId,
    name: file.name,
    type,
    createdAt: deps.now().toISOString(),
    storage,
  });
  const sink = byteSink(deps, id, storage);
  const check = (arrived: number) => {
    if (arrived > room) throw arrived > attachmentMaxBytes ? tooLarge() : overQuota();
  };
  let size: number;
  try {
    if (storage === 's3' && file.declaredSize !== undefined && file.declaredSize > 0) {
      // Known length: straight through to the bucket. Counted at once, so parallel uploads see it.
      check(file.declaredSize);
      await setArrivedSize(db, id, file.declaredSize);
      size = await streamToBucket(deps, id, file.declaredSize, file.stream, check);
    } else {
      size = await pour(file.stream, sink, { check, written: (stored) => setArrivedSize(db, id, stored) });
    }
    await completeAttachment(db, id, size);
  } catch (error) {
    await sink.abort().catch((abortError: unknown) => {
      deps.logger.warn({ err: abortError, attachmentId: id }, 'a failed upload could not be undone');
    });
    await deleteAttachments(db, [id]);
    throw storageError(deps, error, id);
  }
  return { id, url: attachmentUrl(id), name: file.name, type, size };
}

/**
 * The bucket's failures become one clear 502 for the person (the file was not stored, or cannot be
 * read now) and a log line with S3's own reason for the operator; anything else passes through.
 */
function storageError(deps: Pick<AppDeps, 'logger'>, error: unknown, attachmentId: string): unknown {
  if (!(error instanceof ObjectStoreError)) return error;
  deps.logger.error(
    { event: 'attachments.storage_failed', code: error.code, attachmentId, reason: error.message },
    'the S3 bucket failed',
  );
  return new AppError('storage_failed', 502, messages.attachments.storageFailed);
}

/** The owner's file, for its headers; anyone else's is a 404 (its existence is not told). */
export async function getAttachment(db: Db, userId: string, id: string): Promise<AttachmentRow> {
  const row = await findAttachment(db, userId, id);
  if (!row) throw notFound();
  return row;
}

/** A stored file's bytes as a stream (from the chunk table or the bucket, wherever it is). */
export async function fileStream(deps: Deps, row: AttachmentRow): Promise<Readable> {
  try {
    return await openBytes(deps, row);
  } catch (error) {
    throw storageError(deps, error, row.id);
  }
}

/** Public: the owner's file as a readable stream (404 for anyone else's), for the Markdown export. */
export async function openAttachmentStream(deps: Deps, userId: string, id: string) {
  return fileStream(deps, await getAttachment(deps.database.db, userId, id));
}

/** Public: the account's files, each with a page that mentions it (if any), for the Markdown export. */
export async function listPageAttachments(db: Db, userId: string) {
  const rows = await listAttachments(db, userId);
  const pages = await pagesMentioning(
    db,
    userId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, noteId: pages.get(row.id) }));
}

/**
 * The sweep: stamps files nothing names any more, then deletes, in batches, those unnamed for the
 * whole grace period (so Undo and History keep working meanwhile).
 */
export async function sweepAttachments(deps: Deps, graceMs: number): Promise<number> {
  const now = deps.now();
  await markUnreferenced(deps.database.db, now.toISOString());
  const before = new Date(now.getTime() - graceMs).toISOString();
  let deleted = 0;
  for (;;) {
    const ids = await sweepable(deps.database.db, before, 100);
    await removeFiles(deps, ids);
    deleted += ids.length;
    if (ids.length < 100) return deleted;
  }
}

const textBatch = 200;
const filePath = '/api/attachments/';
const idLength = 36;

/**
 * The sweep's bookkeeping, owner by owner: a finished file no page and no page version of its owner
 * names is stamped with when that was first seen; one named again (Undo, a restored version) loses its
 * stamp; `sweepable` reads the result. "Names" is as loose as it was as SQL (`content like
 * '%/api/attachments/<id>%'`): any occurrence keeps a file. That SQL tested every file against every page
 * of its owner, 1,000 files × 10,000 pages in 5 s of one statement, which on SQLite held the event loop
 * (every request waited) at each start and every hour; here each text is read once, 200 at a time, with
 * the loop free between batches.
 */
async function markUnreferenced(db: Db, now: string): Promise<void> {
  for (const owner of await fileOwners(db)) {
    const files = await filesOfOwner(db, owner);
    if (files.length === 0) continue;
    const named = new Set<string>();
    for (const table of ['notes', 'note_versions'] as const) {
      const ids = await textIdsOfOwner(db, table, owner);
      for (let start = 0; start < ids.length; start += textBatch) {
        for (const text of await textsByIds(db, table, owner, ids.slice(start, start + textBatch))) {
          for (let at = text.indexOf(filePath); at !== -1; at = text.indexOf(filePath, at + 1)) {
            named.add(text.slice(at + filePath.length, at + filePath.length + idLength).toLowerCase());
          }
        }
      }
    }
    const namedAgain = files.filter((file) => file.unreferenced_since !== null && named.has(file.id));
    const unnamed = files.filter((file) => file.unreferenced_since === null && !named.has(file.id));
    await setUnreferencedSince(
      db,
      namedAgain.map((file) => file.id),
      null,
    );
    await setUnreferencedSince(
      db,
      unnamed.map((file) => file.id),
      now,
    );
  }
}
