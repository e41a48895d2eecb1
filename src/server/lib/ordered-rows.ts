import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/**
 * Reads and writes shared by every table whose rows keep a user-chosen order: position = index among the
 * siblings (the user's rows, under one parent for child tables). Queries that return whole rows stay in
 * each table's repo, where Kysely types them exactly; these return ids and numbers only.
 */
export type OrderedTable =
  | 'notebooks'
  | 'sections'
  | 'notes'
  | 'todos'
  | 'todo_categories'
  | 'todo_items'
  | 'todo_subtasks';

/** The columns of `T` naming a parent or grandparent row (user_id names the owner, not a parent). */
export type ParentColumn<T extends OrderedTable> = Exclude<
  Extract<keyof Database[T], `${string}_id`>,
  'user_id'
>;

/** A parent column of `T` and the parent row's id. */
export interface ParentRef<T extends OrderedTable> {
  column: ParentColumn<T>;
  id: string;
}

/**
 * One run of siblings: the owner's rows of `table`, only those under `parent` for child tables. A union
 * with one member per table, so a call names only its own table's columns, while inside the helpers
 * Kysely checks each column against every ordered table.
 */
export type Siblings = {
  [T in OrderedTable]: { table: T; userId: string; parent?: ParentRef<T> };
}[OrderedTable];

/** Ids per UPDATE when rewriting positions: well under both engines' bound-parameter limits. */
const chunkSize = 500;

/**
 * Splits a new order into chunks with the position of each chunk's first id, so a reorder of n items is
 * n / 500 statements instead of n round trips.
 */
export function orderChunks(ids: readonly string[]): Array<{ ids: string[]; offset: number }> {
  const chunks: Array<{ ids: string[]; offset: number }> = [];
  for (let offset = 0; offset < ids.length; offset += chunkSize) {
    chunks.push({ ids: ids.slice(offset, offset + chunkSize), offset });
  }
  return chunks;
}

/**
 * `case id when <id0> then offset when <id1> then offset + 1 … end`: each id's new position as one SET
 * expression. The cast keeps PostgreSQL from typing the bound numbers as text.
 */
export function positionCase(ids: readonly string[], offset: number): RawBuilder<number> {
  const arms = ids.map((id, index) => sql`when ${id} then cast(${offset + index} as integer)`);
  return sql<number>`case id ${sql.join(arms, sql` `)} end`;
}

/** Rows that ordered rows are appended under (top-level rows go under the user: lockOwner). */
export type ParentTable = 'notebooks' | 'sections' | 'todos' | 'todo_categories' | 'todo_items';

/**
 * What a lock on a parent row is for. `append`: this transaction computes max(position) + 1 under it
 * (or otherwise rewrites its children's positions), so it must run alone. `keep`: the row must only
 * outlive this transaction, e.g. a grandparent a new row also references.
 */
export type ParentLock = 'append' | 'keep';

/**
 * Locks one of the user's parent rows until the transaction ends; false when there is none (never was,
 * or was deleted meanwhile: the caller answers 404). Call inside a transaction, before reading positions,
 * and lock top-down (grandparent before parent), the order in which a cascading delete takes its locks.
 *
 * On PostgreSQL `append` is `for no key update`: it conflicts with itself and with a delete, so two appends
 * under one parent take turns and each reads the other's row, and a delete either waits for the append
 * (and cascades to the new row) or goes first (and the append finds no parent). It does not conflict with
 * the `for key share` that foreign-key checks take, so inserts elsewhere that merely reference the row are
 * not held up. `keep` is `for key share`: it holds off only a delete. SQLite needs no lock clause: the
 * app's one connection runs one transaction at a time.
 */
export async function lockParent(
  db: Db,
  table: ParentTable,
  userId: string,
  id: string,
  lock: ParentLock = 'append',
): Promise<boolean> {
  const query = db.selectFrom(table).select('id').where('id', '=', id).where('user_id', '=', userId);
  const row = await query.$if(onPostgres(db), (q) => withLock(q, lock)).executeTakeFirst();
  return row !== undefined;
}

/** lockParent for top-level rows (notebooks, to-do lists): their parent is the user's own row. */
export async function lockOwner(db: Db, userId: string): Promise<boolean> {
  const query = db.selectFrom('users').select('id').where('id', '=', userId);
  const row = await query.$if(onPostgres(db), (q) => withLock(q, 'append')).executeTakeFirst();
  return row !== undefined;
}

const onPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

function withLock<Q extends { forNoKeyUpdate(): Q; forKeyShare(): Q }>(query: Q, lock: ParentLock): Q {
  return lock === 'append' ? query.forNoKeyUpdate() : query.forKeyShare();
}

/** The position after the last sibling (0 for the first). */
export async function nextPosition(db: Db, siblings: Siblings): Promise<number> {
  let query = db
    .selectFrom(siblings.table)
    .select((eb) => eb.fn.max('position').as('last'))
    .where('user_id', '=', siblings.userId);
  if (siblings.parent) query = query.where(siblings.parent.column, '=', siblings.parent.id);
  const row = await query.executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** The siblings' ids in order: position, then `tieBreak` (the table's index order) for equal positions. */
export async function siblingIds(
  db: Db,
  siblings: Siblings,
  tieBreak: ReadonlyArray<'created_at' | 'id'>,
): Promise<string[]> {
  let query = db
    .selectFrom(siblings.table)
    .select('id')
    .where('user_id', '=', siblings.userId)
    .orderBy('position');
  if (siblings.parent) query = query.where(siblings.parent.column, '=', siblings.parent.id);
  for (const column of tieBreak) query = query.orderBy(column);
  const rows = await query.execute();
  return rows.map((row) => row.id);
}

/** A child table and the column naming each row's parent. */
export type ChildRows = { [T in OrderedTable]: { table: T; parent: ParentColumn<T> } }[OrderedTable];

/** Those of `ids` the user owns, each with its parent's id (in no particular order). */
export async function findOwnedChildren(
  db: Db,
  rows: ChildRows,
  userId: string,
  ids: readonly string[],
): Promise<Array<{ id: string; parentId: string }>> {
  const found: Array<{ id: string; parentId: string }> = [];
  for (const chunk of orderChunks(ids)) {
    const page = await db
      .selectFrom(rows.table)
      .select((eb) => ['id', eb.ref(rows.parent).as('parentId')])
      .where('user_id', '=', userId)
      .where('id', 'in', chunk.ids)
      .execute();
    found.push(...page);
  }
  return found;
}

/**
 * Where `ids` go: their table and owner, and the parent columns they take (none for top-level rows; a
 * child table that repeats its grandparent, like notes' notebook_id, lists that column too).
 */
export type Placement = {
  [T in OrderedTable]: { table: T; userId: string; columns: ReadonlyArray<ParentRef<T>> };
}[OrderedTable];

/**
 * Rows under the placed ones that repeat the placed rows' parent (notes carry their section's notebook):
 * `column` is rewritten to follow wherever `under` names a placed row.
 */
export type Followers = {
  [T in OrderedTable]: { table: T; under: ParentColumn<T>; column: ParentRef<T> };
}[OrderedTable];

/**
 * Gives `ids` positions 0, 1, 2… in this order and sets the placement's parent columns on them (a row
 * listed from another parent moves). Several statements: call inside a transaction.
 */
export async function placeRows(
  db: Db,
  placement: Placement,
  ids: readonly string[],
  followers?: Followers,
): Promise<void> {
  for (const chunk of orderChunks(ids)) {
    let update = db.updateTable(placement.table);
    for (const { column, id } of placement.columns) update = update.set(column, id);
    await update
      .set('position', positionCase(chunk.ids, chunk.offset))
      .where('user_id', '=', placement.userId)
      .where('id', 'in', chunk.ids)
      .execute();
    if (followers) {
      const { column, id } = followers.column;
      await db
        .updateTable(followers.table)
        .set(column, id)
        .where('user_id', '=', placement.userId)
        .where(followers.under, 'in', chunk.ids)
        .where(column, '!=', id)
        .execute();
    }
  }
}

/** Deletes one of the user's rows (its descendants go with it: ON DELETE CASCADE); false if none. */
export async function deleteOwnedRow(db: Db, table: OrderedTable, userId: string, id: string) {
  const result = await db
    .deleteFrom(table)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
