import { messages } from '../../../shared/messages.ts';
import type {
  CreateNoteBody,
  Note,
  NoteMeta,
  NoteSummary,
  UpdateNoteBody,
} from '../../../shared/schemas/note.ts';
import { notFound } from '../../app-error.ts';
import type { AppDeps } from '../../deps.ts';
import { newRowId, withClientId } from '../../lib/client-ids.ts';
import { checkChildOrder } from '../../lib/order-checks.ts';
import { lockParent } from '../../lib/ordered-rows.ts';
import { keepBeforeReplace, recordEdit } from './note-history.service.ts';
import {
  deleteNote,
  findNote,
  findNotesByIds,
  insertNoteAtEnd,
  listSectionNoteSummaries,
  noteIdsInSection,
  placeNotes,
  saveNoteIfVersion,
  toNote,
  toNoteMeta,
} from './notes.repo.ts';
import { findSection } from './sections.repo.ts';

const notFoundError = () => notFound(messages.api.notFound);

/** Appends a page (`Untitled Note`, empty, unless given) to one of the user's sections. */
export async function createNote(deps: AppDeps, userId: string, body: CreateNoteBody): Promise<Note> {
  const note = {
    id: newRowId(body.id),
    title: body.title ?? messages.notes.untitledNote,
    content: body.content ?? '',
    at: deps.now().toISOString(),
  };
  const { db, engine } = deps.database;
  // One statement reads the last position and inserts after it. SQLite runs it alone (one connection);
  // PostgreSQL would let parallel creates read the same last position, so there the section is locked
  // first (a delete of it then waits, or comes first: 404).
  const row = await withClientId('notes', () =>
    engine === 'postgres'
      ? db
          .transaction()
          .execute(async (trx) =>
            (await lockParent(trx, 'sections', userId, body.sectionId))
              ? insertNoteAtEnd(trx, userId, body.sectionId, note)
              : undefined,
          )
      : insertNoteAtEnd(db, userId, body.sectionId, note),
  );
  if (!row) throw notFoundError();
  return toNote({ ...row, content: note.content });
}

export async function getNote(deps: AppDeps, userId: string, id: string): Promise<Note> {
  const row = await findNote(deps.database.db, userId, id);
  if (!row) throw notFoundError();
  return toNote(row);
}

export type SaveOutcome = { kind: 'saved'; note: NoteMeta } | { kind: 'conflict'; current: Note };

/**
 * Saves an edit made from `baseVersion`. If the page moved on since (another tab or device saved), the
 * edit is refused and the current page is handed back, so neither side is silently overwritten.
 */
export async function saveNote(
  deps: AppDeps,
  userId: string,
  id: string,
  body: UpdateNoteBody,
): Promise<SaveOutcome> {
  const db = deps.database.db;
  const { baseVersion } = body;
  // The save and its place in the page's history commit together.
  const saved = await db.transaction().execute(async (trx) => {
    // The text being replaced is kept if no version holds it yet: for a page never edited (a starter or
    // imported page) that is its original text, which History must offer to go back to. An empty page
    // is not kept (nothing to go back to). One indexed statement; it inserts at most once per page.
    await keepBeforeReplace(deps, trx, {
      userId,
      noteId: id,
      reason: body.resolvesConflict ? 'before-conflict' : 'before-edit',
      ifVersion: baseVersion,
      ...(body.resolvesConflict ? {} : { unlessEmpty: true }),
    });
    const row = await saveNoteIfVersion(trx, userId, id, baseVersion, {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.content !== undefined ? { content: body.content } : {}),
      updated_at: deps.now().toISOString(),
    });
    if (row) {
      await recordEdit(deps, trx, { userId, noteId: id, sessionId: body.editSession ?? null, baseVersion });
    }
    return row;
  });
  if (saved) return { kind: 'saved', note: toNoteMeta(saved) };
  const current = await findNote(db, userId, id);
  if (!current) throw notFoundError();
  return { kind: 'conflict', current: toNote(current) };
}

export async function removeNote(deps: AppDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteNote(deps.database.db, userId, id))) throw notFoundError();
}

export async function listSectionNotes(
  deps: AppDeps,
  userId: string,
  sectionId: string,
): Promise<NoteSummary[]> {
  const db = deps.database.db;
  const rows = await listSectionNoteSummaries(db, userId, sectionId);
  // No pages: an empty section of the user's, or none of theirs at all (404).
  if (rows.length === 0 && !(await findSection(db, userId, sectionId))) throw notFoundError();
  return rows;
}

/**
 * The new order of a section's pages, in one transaction. A listed page of another of the user's
 * sections moves here (its notebook_id follows the section's); the sections it left close their gaps.
 * Every page already in the section must be listed.
 */
export async function orderNotes(
  deps: AppDeps,
  userId: string,
  sectionId: string,
  ids: readonly string[],
): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    // Positions here become 0..n-1 (pages moved in included): no create may append meanwhile.
    if (!(await lockParent(trx, 'sections', userId, sectionId))) throw notFoundError();
    const section = await findSection(trx, userId, sectionId);
    if (!section) throw notFoundError();
    const listed = await findNotesByIds(trx, userId, ids);
    const present = await noteIdsInSection(trx, userId, sectionId);
    const leftBehind = checkChildOrder(ids, listed, present, sectionId);

    await placeNotes(trx, userId, { sectionId, notebookId: section.notebook_id }, ids);
    for (const sourceId of leftBehind) {
      const source = await findSection(trx, userId, sourceId);
      if (!source) continue;
      const target = { sectionId: source.id, notebookId: source.notebook_id };
      await placeNotes(trx, userId, target, await noteIdsInSection(trx, userId, sourceId));
    }
  });
}
