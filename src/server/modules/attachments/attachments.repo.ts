import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AttachmentStorage } from '../../db/schema.ts';

/** Bytes in one chunk row: large enough that a 25 MB file is 100 rows, small enough to hold a few. */
export const chunkBytes = 256 * 1024;

export interface AttachmentRow {
  id: string;
  name: string;
  type: string;
  size: number;
  storage: AttachmentStorage;
}

export interface NewAttachment {
  id: string;
  userId: string;
  name: string;
  type: string;
  createdAt: string;
  storage: AttachmentStorage;
  /** An image's id when this row is its preview. */
  previewOf?: string;
}

export async function insertAttachment(db: Db, row: NewAttachment): Promise<void> {
  await db
    .insertInto('attachments')
    .values({
      id: row.id,
      user_id: row.userId,
      name: row.name,
      type: row.type,
      size: 0,
      complete: 0,
      created_at: row.createdAt,
      storage: row.storage,
      preview_of: row.previewOf ?? null,
    })
    .execute();
}

/** The rows these ids name and their previews, with where their bytes are (before deleting them). */
export async function storageOf(
  db: Db,
  ids: string[],
): Promise<Array<{ id: string; storage: AttachmentStorage }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('attachments')
    .select(['id', 'storage'])
    .where((eb) => eb.or([eb('id', 'in', ids), eb('preview_of', 'in', ids)]))
    .execute();
}

/** The account's files kept in the bucket (previews included), for the account's deletion. */
export async function bucketFilesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('attachments')
    .select('id')
    .where('user_id', '=', userId)
    .where('storage', '=', 's3')
    .execute();
  return rows.map((row) => row.id);
}

/** An image's finished preview, if made. */
export async function findPreview(db: Db, imageId: string): Promise<AttachmentRow | undefined> {
  const row = await db
    .selectFrom('attachments')
    .select(['id', 'name', 'type', 'size', 'storage'])
    .where('preview_of', '=', imageId)
    .where('complete', '=', 1)
    .executeTakeFirst();
  return row && { ...row, size: Number(row.size) };
}

export async function insertChunk(
  db: Db,
  attachmentId: string,
  seq: number,
  data: Uint8Array,
): Promise<void> {
  await db.insertInto('attachment_chunks').values({ attachment_id: attachmentId, seq, data }).execute();
}

export async function completeAttachment(db: Db, id: string, size: number): Promise<void> {
  await db.updateTable('attachments').set({ size, complete: 1 }).where('id', '=', id).execute();
}

/** Chunks go by cascade. */
export async function deleteAttachments(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('attachments').where('id', 'in', ids).execute();
}

/** The owner's finished file, or nothing: anyone else's id (or a preview's own id) reads as missing. */
export async function findAttachment(db: Db, userId: string, id: string): Promise<AttachmentRow | undefined> {
  const row = await db
    .selectFrom('attachments')
    .select(['id', 'name', 'type', 'size', 'storage'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('complete', '=', 1)
    .where('preview_of', 'is', null)
    .executeTakeFirst();
  return row && { ...row, size: Number(row.size) };
}

export async function listAttachments(db: Db, userId: string): Promise<AttachmentRow[]> {
  const rows = await db
    .selectFrom('attachments')
    .select(['id', 'name', 'type', 'size', 'storage'])
    .where('user_id', '=', userId)
    .where('complete', '=', 1)
    .where('preview_of', 'is', null)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}

/** Bytes the account stores, finished or still arriving (so parallel uploads count each other). */
export async function usedBytes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select(sql<string | number | null>`sum(size)`.as('total'))
    .where('user_id', '=', userId)
    // Previews are ours, not the person's: they are not counted against the account.
    .where('preview_of', 'is', null)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Grows an upload's counted size as its chunks arrive, so the quota sees uploads under way. */
export async function setArrivedSize(db: Db, id: string, size: number): Promise<void> {
  await db.updateTable('attachments').set({ size }).where('id', '=', id).execute();
}

export async function readChunks(db: Db, id: string, fromSeq: number, count: number): Promise<Uint8Array[]> {
  const rows = await db
    .selectFrom('attachment_chunks')
    .select('data')
    .where('attachment_id', '=', id)
    .where('seq', '>=', fromSeq)
    .orderBy('seq')
    .limit(count)
    .execute();
  return rows.map((row) => row.data);
}

/** The owners of finished files (previews aside: a preview goes with its image). */
export async function fileOwners(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('attachments')
    .select('user_id')
    .distinct()
    .where('complete', '=', 1)
    .where('preview_of', 'is', null)
    .execute();
  return rows.map((row) => row.user_id);
}

/** A user's finished files and since when each has been found unnamed (null: named at the last look). */
export function filesOfOwner(db: Db, userId: string) {
  return db
    .selectFrom('attachments')
    .select(['id', 'unreferenced_since'])
    .where('user_id', '=', userId)
    .where('complete', '=', 1)
    .where('preview_of', 'is', null)
    .execute();
}

/** The ids of a user's pages or page versions: their text is then read a batch at a time by id. */
export async function textIdsOfOwner(db: Db, table: 'notes' | 'note_versions', userId: string) {
  const rows = await db.selectFrom(table).select('id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

/** The text of these pages or page versions of the user. */
export async function textsByIds(db: Db, table: 'notes' | 'note_versions', userId: string, ids: string[]) {
  const rows = await db
    .selectFrom(table)
    .select('content')
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.content);
}

/** Stamps these files as unnamed since `since`, or clears their stamp (null). */
export async function setUnreferencedSince(db: Db, ids: string[], since: string | null): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('attachments').set({ unreferenced_since: since }).where('id', 'in', ids).execute();
}

/** Files unnamed since before `before`, and uploads that never finished (begun before it). */
export async function sweepable(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('attachments as a')
    .select('a.id')
    .where((eb) =>
      eb.or([
        eb('a.unreferenced_since', '<', before),
        eb.and([eb('a.complete', '=', 0), eb('a.created_at', '<', before)]),
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The account's pages that mention a file, as note id by attachment id (for the Markdown export). */
export async function pagesMentioning(db: Db, userId: string, ids: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (ids.length === 0) return found;
  const notes = await db
    .selectFrom('notes')
    .select(['id', 'content'])
    .where('user_id', '=', userId)
    .where('content', 'like', '%/api/attachments/%')
    .execute();
  for (const note of notes) {
    for (const id of ids) if (!found.has(id) && note.content.includes(id)) found.set(id, note.id);
  }
  return found;
}
