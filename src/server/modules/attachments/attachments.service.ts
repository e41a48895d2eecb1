import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
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
  type AttachmentRow,
  chunkBytes,
  completeAttachment,
  deleteAttachments,
  findAttachment,
  insertAttachment,
  insertChunk,
  listAttachments,
  markUnreferenced,
  pagesMentioning,
  readChunks,
  setArrivedSize,
  sweepable,
  usedBytes,
} from './attachments.repo.ts';

type Deps = Pick<AppDeps, 'database' | 'now'>;

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
 * Stores a file as it arrives, a chunk row at a time (never the whole file in memory), refusing it with
 * 413 once it passes the per-file limit or the account's room. Each chunk is its own statement, not one
 * long transaction: a slow upload must not hold SQLite's one writer. Until it is complete the row is
 * served to nobody; a failed upload is deleted at once (and by the sweep, should this process die).
 */
export async function storeAttachment(
  deps: Deps,
  userId: string,
  file: { name: string; type: string; stream: AsyncIterable<Uint8Array> },
): Promise<{ id: string; url: string; name: string; type: string; size: number }> {
  const db = deps.database.db;
  const usage = await attachmentUsage(db, userId);
  const room = Math.min(attachmentMaxBytes, usage.limitBytes - usage.usedBytes);
  const id = randomUUID();
  const type = storedType(file.type);
  await insertAttachment(db, { id, userId, name: file.name, type, createdAt: deps.now().toISOString() });
  let size = 0;
  let seq = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await insertChunk(db, id, seq, data);
    seq += 1;
    await setArrivedSize(db, id, size);
  };
  try {
    for await (const chunk of file.stream) {
      size += chunk.length;
      if (size > room) throw size > attachmentMaxBytes ? tooLarge() : overQuota();
      pending.push(chunk);
      pendingBytes += chunk.length;
      while (pendingBytes >= chunkBytes) {
        const all = Buffer.concat(pending, pendingBytes);
        pending = [all.subarray(0, chunkBytes)];
        pendingBytes = chunkBytes;
        const rest = all.subarray(chunkBytes);
        await flush();
        if (rest.length > 0) {
          pending = [rest];
          pendingBytes = rest.length;
        }
      }
    }
    if (pendingBytes > 0 || seq === 0) await flush();
    await completeAttachment(db, id, size);
  } catch (error) {
    await deleteAttachments(db, [id]);
    throw error;
  }
  return { id, url: attachmentUrl(id), name: file.name, type, size };
}

/** The owner's file, for its headers; anyone else's is a 404 (its existence is not told). */
export async function getAttachment(db: Db, userId: string, id: string): Promise<AttachmentRow> {
  const row = await findAttachment(db, userId, id);
  if (!row) throw notFound();
  return row;
}

/** A file's bytes, read a few chunks at a time as the reader asks for them. */
export function chunkStream(db: Db, id: string): Readable {
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

/** Public: the owner's file as a readable stream (404 for anyone else's), for the Markdown export. */
export async function openAttachmentStream(deps: Pick<AppDeps, 'database'>, userId: string, id: string) {
  const row = await getAttachment(deps.database.db, userId, id);
  return chunkStream(deps.database.db, row.id);
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
    await deleteAttachments(deps.database.db, ids);
    deleted += ids.length;
    if (ids.length < 100) return deleted;
  }
}
