import { randomUUID } from 'node:crypto';
import { messages } from '../../../shared/messages.ts';
import type { Note } from '../../../shared/schemas/note.ts';
import type {
  NoteVersion,
  NoteVersionReason,
  NoteVersionSummary,
  RestoreNoteVersionBody,
  RestoreNoteVersionResponse,
} from '../../../shared/schemas/note-history.ts';
import { notFound } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import {
  coalesceEdit,
  findVersion,
  findVersionIdAt,
  insertEdit,
  keepCurrentText,
  listVersions,
} from './note-versions.repo.ts';
import { findNote, saveNoteIfVersion, toNote } from './notes.repo.ts';

/** Saves of one editing session this close together make one version: typing is not a version per save. */
export const HISTORY_COALESCE_MS = 5 * 60 * 1000;

const notFoundError = () => notFound(messages.api.notFound);

/**
 * Records a save just made (inside its transaction): coalesced into the session's own version when that
 * version holds the text the save started from and was saved within HISTORY_COALESCE_MS, else a new
 * version. One update, and an insert only when a version starts.
 */
export async function recordEdit(
  deps: AppDeps,
  trx: Db,
  edit: { userId: string; noteId: string; sessionId: string | null; baseVersion: number },
): Promise<void> {
  const now = deps.now();
  const at = now.toISOString();
  const since = new Date(now.getTime() - HISTORY_COALESCE_MS).toISOString();
  if (await coalesceEdit(trx, { ...edit, since, at })) return;
  await insertEdit(trx, { ...edit, id: randomUUID(), reason: 'edit', at });
}

/**
 * Keeps the page's text at `ifVersion` before it is replaced, unless a version already holds it (or,
 * with `unlessEmpty`, the page is empty).
 */
export function keepBeforeReplace(
  deps: AppDeps,
  trx: Db,
  keep: {
    userId: string;
    noteId: string;
    reason: NoteVersionReason;
    ifVersion: number;
    unlessEmpty?: boolean;
  },
): Promise<void> {
  const version = {
    id: randomUUID(),
    userId: keep.userId,
    noteId: keep.noteId,
    reason: keep.reason,
    sessionId: null,
    baseVersion: null,
    at: deps.now().toISOString(),
  };
  return keepCurrentText(trx, version, keep.ifVersion, keep.unlessEmpty ?? false);
}

export async function listNoteVersions(
  deps: AppDeps,
  userId: string,
  noteId: string,
): Promise<NoteVersionSummary[]> {
  const db = deps.database.db;
  const versions = await listVersions(db, userId, noteId);
  if (versions.length === 0 && !(await findNote(db, userId, noteId))) throw notFoundError();
  return versions;
}

export async function getNoteVersion(
  deps: AppDeps,
  userId: string,
  noteId: string,
  versionId: string,
): Promise<NoteVersion> {
  const version = await findVersion(deps.database.db, userId, noteId, versionId);
  if (!version) throw notFoundError();
  return version;
}

export type RestoreOutcome =
  | { kind: 'restored'; result: RestoreNoteVersionResponse }
  | { kind: 'conflict'; current: Note };

/**
 * Puts a version's title and text back as the page's newest version, through the same version check as a
 * save. The text it replaces is kept first, so restoring `previousVersionId` undoes the restore.
 */
export async function restoreNoteVersion(
  deps: AppDeps,
  userId: string,
  noteId: string,
  versionId: string,
  body: RestoreNoteVersionBody,
): Promise<RestoreOutcome> {
  const db = deps.database.db;
  const restored = await db.transaction().execute(async (trx) => {
    const version = await findVersion(trx, userId, noteId, versionId);
    if (!version) throw notFoundError();
    await keepBeforeReplace(deps, trx, {
      userId,
      noteId,
      reason: 'before-restore',
      ifVersion: body.baseVersion,
    });
    const saved = await saveNoteIfVersion(trx, userId, noteId, body.baseVersion, {
      title: version.title,
      content: version.content,
      updated_at: deps.now().toISOString(),
    });
    if (!saved) return undefined;
    const previousVersionId = await findVersionIdAt(trx, userId, noteId, body.baseVersion);
    // Kept just above, or already a version: keepCurrentText inserts unless one holds that text.
    if (!previousVersionId) throw new Error('the replaced text was not kept');
    return { note: toNote({ ...saved, content: version.content }), previousVersionId };
  });
  if (restored) return { kind: 'restored', result: restored };
  const current = await findNote(db, userId, noteId);
  if (!current) throw notFoundError();
  return { kind: 'conflict', current: toNote(current) };
}
