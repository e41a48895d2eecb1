import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Notebook } from '../../../shared/schemas/notebook.ts';
import type { Db } from '../../db/database.ts';
import type { NotebooksTable } from '../../db/schema.ts';
import { deleteOwnedRow, nextPosition, placeRows } from '../../lib/ordered-rows.ts';

export type NotebookRow = Selectable<NotebooksTable>;

export const toNotebook = (row: NotebookRow): Notebook => ({
  id: row.id,
  title: row.title,
  color: row.color,
  position: row.position,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The user's notebooks in their order; creation time breaks ties between equal positions. */
export function listNotebooks(db: Db, userId: string): Promise<NotebookRow[]> {
  return db
    .selectFrom('notebooks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function listNotebookIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('notebooks').select('id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

export function findNotebook(db: Db, userId: string, id: string): Promise<NotebookRow | undefined> {
  return db
    .selectFrom('notebooks')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The position after the user's last notebook (0 for the first). */
export const nextNotebookPosition = (db: Db, userId: string) =>
  nextPosition(db, { table: 'notebooks', userId });

export async function insertNotebook(db: Db, row: Insertable<NotebooksTable>): Promise<void> {
  await db.insertInto('notebooks').values(row).execute();
}

export async function updateNotebook(
  db: Db,
  userId: string,
  id: string,
  changes: Pick<Updateable<NotebooksTable>, 'title' | 'color' | 'updated_at'>,
): Promise<NotebookRow | undefined> {
  return db
    .updateTable('notebooks')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Its sections and their notes go with it (ON DELETE CASCADE). */
export const deleteNotebook = (db: Db, userId: string, id: string) =>
  deleteOwnedRow(db, 'notebooks', userId, id);

/** Positions become each id's index in `ids`. */
export const setNotebookPositions = (db: Db, userId: string, ids: readonly string[]) =>
  placeRows(db, { table: 'notebooks', userId, columns: [] }, ids);
