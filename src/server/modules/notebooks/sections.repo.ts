import type { Insertable, Selectable } from 'kysely';
import type { Section } from '../../../shared/schemas/notebook.ts';
import type { Db } from '../../db/database.ts';
import type { SectionsTable } from '../../db/schema.ts';
import { orderChunks, positionCase } from './positions.ts';

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

/** Those of `ids` the user owns (in no particular order). */
export async function findSectionsByIds(db: Db, userId: string, ids: readonly string[]) {
  const found: Array<Pick<SectionRow, 'id' | 'notebook_id'>> = [];
  for (const chunk of orderChunks(ids)) {
    const rows = await db
      .selectFrom('sections')
      .select(['id', 'notebook_id'])
      .where('user_id', '=', userId)
      .where('id', 'in', chunk.ids)
      .execute();
    found.push(...rows);
  }
  return found;
}

/** The sections of one notebook in their order. */
export async function sectionIdsInNotebook(db: Db, userId: string, notebookId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sections')
    .select('id')
    .where('notebook_id', '=', notebookId)
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function nextSectionPosition(db: Db, userId: string, notebookId: string): Promise<number> {
  const row = await db
    .selectFrom('sections')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('notebook_id', '=', notebookId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

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
export async function deleteSection(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sections')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Puts `ids` into `notebookId` in this order (positions = index). Notes of a section that changes
 * notebook follow it: their notebook_id is rewritten too. Call inside a transaction.
 */
export async function placeSections(
  db: Db,
  userId: string,
  notebookId: string,
  ids: readonly string[],
): Promise<void> {
  for (const chunk of orderChunks(ids)) {
    await db
      .updateTable('sections')
      .set({ notebook_id: notebookId, position: positionCase(chunk.ids, chunk.offset) })
      .where('user_id', '=', userId)
      .where('id', 'in', chunk.ids)
      .execute();
    await db
      .updateTable('notes')
      .set({ notebook_id: notebookId })
      .where('user_id', '=', userId)
      .where('section_id', 'in', chunk.ids)
      .where('notebook_id', '!=', notebookId)
      .execute();
  }
}
