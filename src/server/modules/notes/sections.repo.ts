import type { Insertable, Selectable } from 'kysely';
import type { Section } from '../../../shared/schemas/notebook.ts';
import type { Db } from '../../db/database.ts';
import type { SectionsTable } from '../../db/schema.ts';
import {
  deleteOwnedRow,
  findOwnedChildren,
  nextPosition,
  placeRows,
  siblingIds,
} from '../../lib/ordered-rows.ts';

export type SectionRow = Selectable<SectionsTable>;

export const toSection = (row: SectionRow): Section => ({
  id: row.id,
  notebookId: row.notebook_id,
  title: row.title,
  position: row.position,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Every section of the user (the tree groups them by notebook), in position order. */
export function listSections(db: Db, userId: string): Promise<SectionRow[]> {
  return db
    .selectFrom('sections')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findSection(db: Db, userId: string, id: string): Promise<SectionRow | undefined> {
  return db
    .selectFrom('sections')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

const inNotebook = (userId: string, notebookId: string) =>
  ({ table: 'sections', userId, parent: { column: 'notebook_id', id: notebookId } }) as const;

/** Those of `ids` the user owns, each with its notebook as parentId (in no particular order). */
export const findSectionsByIds = (db: Db, userId: string, ids: readonly string[]) =>
  findOwnedChildren(db, { table: 'sections', parent: 'notebook_id' }, userId, ids);

/** The sections of one notebook in their order. */
export const sectionIdsInNotebook = (db: Db, userId: string, notebookId: string) =>
  siblingIds(db, inNotebook(userId, notebookId), ['created_at', 'id']);

export const nextSectionPosition = (db: Db, userId: string, notebookId: string) =>
  nextPosition(db, inNotebook(userId, notebookId));

export async function insertSection(db: Db, row: Insertable<SectionsTable>): Promise<void> {
  await db.insertInto('sections').values(row).execute();
}

export function renameSection(
  db: Db,
  userId: string,
  id: string,
  title: string,
  at: string,
): Promise<SectionRow | undefined> {
  return db
    .updateTable('sections')
    .set({ title, updated_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Its notes go with it (ON DELETE CASCADE). */
export const deleteSection = (db: Db, userId: string, id: string) =>
  deleteOwnedRow(db, 'sections', userId, id);

/**
 * Puts `ids` into `notebookId` in this order (positions = index). Notes of a section that changes
 * notebook follow it: their notebook_id is rewritten too. Call inside a transaction.
 */
export function placeSections(db: Db, userId: string, notebookId: string, ids: readonly string[]) {
  const notebook = { column: 'notebook_id', id: notebookId } as const;
  return placeRows(db, { table: 'sections', userId, columns: [notebook] }, ids, {
    table: 'notes',
    under: 'section_id',
    column: notebook,
  });
}
