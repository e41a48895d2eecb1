import { type ExpressionBuilder, sql } from 'kysely';
import type {
  NoteVersion,
  NoteVersionReason,
  NoteVersionSummary,
} from '../../../shared/schemas/note-history.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Page history rows (note_versions). Each version holds a page's full text; the text is copied from the
 * notes row inside the database, so a save never sends a page's content twice.
 */

const summaryColumns = [
  'id',
  'reason',
  'title',
  'size',
  'page_version as pageVersion',
  'created_at as createdAt',
  'saved_at as savedAt',
] as const;

/** Characters of a text column (`length` counts characters on both engines). */
const lengthOf = (eb: ExpressionBuilder<Database, 'notes'>) => eb.fn<number>('length', ['notes.content']);

interface EditOfSession {
  userId: string;
  noteId: string;
  sessionId: string | null;
  /** The save's base: the page version the session's latest version holds if nothing came between. */
  baseVersion: number;
  /** Only a version saved at or after this is coalesced into. */
  since: string;
  at: string;
}

/**
 * Coalesces a save into its session's version: the one holding the text the save started from, saved by
 * the same session since `since`. Copies the page's new text and version into it. False when there is
 * none (the caller then inserts a new version).
 */
export async function coalesceEdit(db: Db, edit: EditOfSession): Promise<boolean> {
  let query = db
    .updateTable('note_versions')
    .from('notes')
    .set((eb) => ({
      title: eb.ref('notes.title'),
      content: eb.ref('notes.content'),
      size: lengthOf(eb),
      page_version: eb.ref('notes.version'),
      saved_at: edit.at,
    }))
    .whereRef('notes.id', '=', 'note_versions.note_id')
    .where('note_versions.note_id', '=', edit.noteId)
    .where('note_versions.user_id', '=', edit.userId)
    .where('note_versions.page_version', '=', edit.baseVersion)
    .where('note_versions.reason', '=', 'edit')
    .where('note_versions.saved_at', '>=', edit.since);
  query =
    edit.sessionId === null
      ? query.where('note_versions.session_id', 'is', null)
      : query.where('note_versions.session_id', '=', edit.sessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

interface NewVersion {
  id: string;
  userId: string;
  noteId: string;
  reason: NoteVersionReason;
  sessionId: string | null;
  baseVersion: number | null;
  at: string;
}

const versionColumns = [
  'id',
  'user_id',
  'note_id',
  'reason',
  'session_id',
  'title',
  'content',
  'size',
  'base_version',
  'page_version',
  'created_at',
  'saved_at',
] as const;

/** The page's current text as a new version's row (its page version is the page's). */
const versionSource = (db: Db, version: NewVersion) => {
  // Casts keep PostgreSQL from typing bound values in a SELECT list as text.
  const text = (value: string | null) => sql<string>`cast(${value} as text)`;
  const int = (value: number | null) => sql<number>`cast(${value} as integer)`;
  return db
    .selectFrom('notes')
    .select((eb) => [
      text(version.id).as('id'),
      'notes.user_id',
      'notes.id as note_id',
      text(version.reason).as('reason'),
      text(version.sessionId).as('session_id'),
      'notes.title',
      'notes.content',
      lengthOf(eb).as('size'),
      int(version.baseVersion).as('base_version'),
      'notes.version as page_version',
      text(version.at).as('created_at'),
      text(version.at).as('saved_at'),
    ])
    .where('notes.id', '=', version.noteId)
    .where('notes.user_id', '=', version.userId);
};

/** A new version holding the page's text as just saved. */
export async function insertEdit(db: Db, version: NewVersion): Promise<void> {
  await db
    .insertInto('note_versions')
    .columns(versionColumns)
    .expression(versionSource(db, version))
    .execute();
}

/**
 * Keeps the page's text as a version before something replaces it, if the page is still at `ifVersion`
 * and no version holds that text yet. One statement. Two restores from the same version at once (on
 * PostgreSQL) may both try to keep it before either locks the page: the second then keeps nothing, and
 * its save finds the page moved on (409).
 */
export async function keepCurrentText(
  db: Db,
  version: NewVersion,
  ifVersion: number,
  unlessEmpty = false,
): Promise<void> {
  let source = versionSource(db, version).where('notes.version', '=', ifVersion);
  if (unlessEmpty) source = source.where((eb) => eb(lengthOf(eb), '>', 0));
  await db
    .insertInto('note_versions')
    .columns(versionColumns)
    .expression(
      source.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('note_versions as kept')
              .select('kept.id')
              .whereRef('kept.note_id', '=', 'notes.id')
              .whereRef('kept.page_version', '=', 'notes.version'),
          ),
        ),
      ),
    )
    .onConflict((conflict) => conflict.columns(['note_id', 'page_version']).doNothing())
    .execute();
}

/** The id of the version holding the page's text at `pageVersion`, if one does. */
export async function findVersionIdAt(db: Db, userId: string, noteId: string, pageVersion: number) {
  const row = await db
    .selectFrom('note_versions')
    .select('id')
    .where('note_id', '=', noteId)
    .where('user_id', '=', userId)
    .where('page_version', '=', pageVersion)
    .executeTakeFirst();
  return row?.id;
}

/** A page's versions, newest first, without their text. */
export function listVersions(db: Db, userId: string, noteId: string): Promise<NoteVersionSummary[]> {
  return db
    .selectFrom('note_versions')
    .select(summaryColumns)
    .where('note_id', '=', noteId)
    .where('user_id', '=', userId)
    .orderBy('page_version', 'desc')
    .execute();
}

export function findVersion(
  db: Db,
  userId: string,
  noteId: string,
  versionId: string,
): Promise<NoteVersion | undefined> {
  return db
    .selectFrom('note_versions')
    .select([...summaryColumns, 'content', 'base_version as baseVersion'])
    .where('id', '=', versionId)
    .where('note_id', '=', noteId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Every page's versions saved before `before`, and all but each page's newest `keep`. For the periodic
 * prune job; answers how many rows went.
 */
export async function pruneVersions(db: Db, before: string, keep: number): Promise<number> {
  const old = await db.deleteFrom('note_versions').where('saved_at', '<', before).executeTakeFirst();
  const ranked = db
    .selectFrom('note_versions')
    .select((eb) => [
      'id',
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.partitionBy('note_id').orderBy('page_version', 'desc'))
        .as('rank'),
    ])
    .as('ranked');
  const surplus = await db
    .deleteFrom('note_versions')
    .where('id', 'in', db.selectFrom(ranked).select('ranked.id').where('ranked.rank', '>', keep))
    .executeTakeFirst();
  return Number(old.numDeletedRows) + Number(surplus.numDeletedRows);
}
