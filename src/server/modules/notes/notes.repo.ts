import { type Selectable, sql } from 'kysely';
import type { Note, NoteIndexItem, NoteMeta, NoteSummary } from '../../../shared/schemas/note.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { NotesTable } from '../../db/schema.ts';
import { deleteOwnedRow, findOwnedChildren, placeRows } from '../../lib/ordered-rows.ts';

export type NoteRow = Selectable<NotesTable>;
type NoteMetaRow = Omit<NoteRow, 'content' | 'user_id'>;
export type NoteSummaryRow = Pick<NoteRow, 'id' | 'section_id' | 'title' | 'position' | 'updated_at'>;

const metaColumns = [
  'id',
  'section_id',
  'notebook_id',
  'title',
  'position',
  'version',
  'created_at',
  'updated_at',
] as const;
/** Exactly the columns of notes_tree_idx, so these reads never touch the rows (nor their contents). */
const summaryColumns = ['id', 'section_id', 'title', 'position', 'updated_at'] as const;

export const toNoteMeta = (row: NoteMetaRow): NoteMeta => ({
  id: row.id,
  sectionId: row.section_id,
  notebookId: row.notebook_id,
  title: row.title,
  position: row.position,
  version: row.version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toNote = (row: NoteMetaRow & Pick<NoteRow, 'content'>): Note => ({
  ...toNoteMeta(row),
  content: row.content,
});

export const toNoteSummary = (row: NoteSummaryRow): NoteSummary => ({
  id: row.id,
  title: row.title,
  position: row.position,
  updatedAt: row.updated_at,
});

/**
 * Every page of the user without contents, in no particular order: the caller groups them by section and
 * orders each (comparePages). Sorting 10,000 rows by text ids in the database cost PostgreSQL more than
 * reading them.
 */
export function listNoteSummaries(db: Db, userId: string): Promise<NoteSummaryRow[]> {
  return db.selectFrom('notes').select(summaryColumns).where('user_id', '=', userId).execute();
}

/** Every page's id, section and title, by section and position: notes_tree_idx in its own order. */
export async function listNoteIndex(db: Db, userId: string): Promise<NoteIndexItem[]> {
  const rows = await db
    .selectFrom('notes')
    .select(['id', 'section_id', 'title'])
    .where('user_id', '=', userId)
    .orderBy('section_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, sectionId: row.section_id, title: row.title }));
}

/**
 * How many pages each of the user's sections holds (a section without pages has no row). Read from
 * notes_tree_idx alone, in its order: 100,000 pages cost a count, not 100,000 rows to the client.
 */
export async function countNotesBySection(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('notes')
    .select((eb) => ['section_id', eb.fn.countAll<number | string | bigint>().as('count')])
    .where('user_id', '=', userId)
    .groupBy('section_id')
    .execute();
  // PostgreSQL answers count(*) as a bigint, which pg hands over as a string.
  return new Map(rows.map((row) => [row.section_id, Number(row.count)]));
}

/** Page order within a section: position, then id for the rare tie (two creates at once). */
export const comparePages = (a: NoteSummaryRow, b: NoteSummaryRow) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function listSectionNoteSummaries(db: Db, userId: string, sectionId: string) {
  return listSectionNoteSummariesQuery(db, { userId, sectionId });
}

/**
 * Compiled once: a section's list is the busiest read (a section opened). Building and compiling it with
 * Kysely was ~5% of the request's CPU on PostgreSQL under load, Kysely's part fell to ~1% (docs/performance.md).
 */
const listSectionNoteSummariesQuery = compiledOnce(['userId', 'sectionId'], (db, values) =>
  db
    .selectFrom('notes')
    // The rows come back in the answer's own shape (NoteSummary, checked by the compiler against the
    // service's return type): no copy per row, and no section id the caller already has. Under the
    // PostgreSQL list load these were ~6 of the request's ~80 KB of garbage (docs/performance.md).
    .select(['id', 'title', 'position', 'updated_at as updatedAt'])
    .where('user_id', '=', values.userId)
    .where('section_id', '=', values.sectionId)
    .orderBy('position')
    .orderBy('id'),
);

export function findNote(db: Db, userId: string, id: string) {
  return db
    .selectFrom('notes')
    .select([...metaColumns, 'content'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export interface NewNote {
  id: string;
  title: string;
  content: string;
  at: string;
}

/**
 * Appends a page to one of the user's sections in a single statement: the section (checked to be the
 * user's) supplies notebook and owner, and the position follows its last page. Undefined when the
 * section is not the user's. One statement is atomic by itself, so a create needs no transaction.
 */
export async function insertNoteAtEnd(
  db: Db,
  userId: string,
  sectionId: string,
  note: NewNote,
): Promise<NoteMetaRow | undefined> {
  const [row] = await insertNoteAtEndQuery(db, { ...note, userId, sectionId });
  return row;
}

/** Compiled once (creating pages is the hottest write); the values are bound per call. */
const insertNoteAtEndQuery = compiledOnce(
  ['id', 'title', 'content', 'at', 'userId', 'sectionId'],
  (db, values) => {
    // Casts keep PostgreSQL from typing bound values in a SELECT list as text.
    const text = (value: string) => sql<string>`cast(${value} as text)`;
    return db
      .insertInto('notes')
      .columns([...insertColumns])
      .expression((eb) =>
        eb
          .selectFrom('sections as s')
          .select((section) => [
            text(values.id).as('id'),
            's.id as section_id',
            's.notebook_id',
            's.user_id',
            text(values.title).as('title'),
            text(values.content).as('content'),
            // Correlated with the section row rather than given the ids again as values: SQLite ran the
            // uncorrelated form at about twice the CPU of the whole insert (docs/performance.md, measured 44 vs 19 µs).
            section.fn
              .coalesce(
                section
                  .selectFrom('notes as last')
                  .select((inner) => inner(inner.fn.max('last.position'), '+', 1).as('next'))
                  .whereRef('last.section_id', '=', 's.id')
                  .whereRef('last.user_id', '=', 's.user_id'),
                sql<number>`0`,
              )
              .as('position'),
            sql<number>`1`.as('version'),
            text(values.at).as('created_at'),
            text(values.at).as('updated_at'),
          ])
          .where('s.id', '=', values.sectionId)
          .where('s.user_id', '=', values.userId),
      )
      .returning(metaColumns);
  },
);

const insertColumns = [
  'id',
  'section_id',
  'notebook_id',
  'user_id',
  'title',
  'content',
  'position',
  'version',
  'created_at',
  'updated_at',
] as const;

/**
 * Saves title and/or content only if the page is still at `baseVersion`, moving it to the next version.
 * Undefined when the page is missing, not the user's, or at another version (the caller tells them apart).
 */
export function saveNoteIfVersion(
  db: Db,
  userId: string,
  id: string,
  baseVersion: number,
  changes: { title?: string; content?: string; updated_at: string },
): Promise<NoteMetaRow | undefined> {
  return db
    .updateTable('notes')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('version', '=', baseVersion)
    .returning(metaColumns)
    .executeTakeFirst();
}

export const deleteNote = (db: Db, userId: string, id: string) => deleteOwnedRow(db, 'notes', userId, id);

/** Those of `ids` the user owns, each with its section as parentId (in no particular order). */
export const findNotesByIds = (db: Db, userId: string, ids: readonly string[]) =>
  findOwnedChildren(db, { table: 'notes', parent: 'section_id' }, userId, ids);

export async function noteIdsInSection(db: Db, userId: string, sectionId: string): Promise<string[]> {
  const rows = await listSectionNoteSummaries(db, userId, sectionId);
  return rows.map((row) => row.id);
}

/** Puts `ids` into the section (and its notebook) in this order: positions = index. */
export function placeNotes(
  db: Db,
  userId: string,
  target: { sectionId: string; notebookId: string },
  ids: readonly string[],
) {
  const columns = [
    { column: 'section_id', id: target.sectionId },
    { column: 'notebook_id', id: target.notebookId },
  ] as const;
  return placeRows(db, { table: 'notes', userId, columns }, ids);
}
