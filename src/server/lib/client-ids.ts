import { randomUUID } from 'node:crypto';
import { messages } from '../../shared/messages.ts';
import { AppError } from '../app-error.ts';

/** The tables whose rows a create may give an id to (the `id` of their create bodies). */
export type ClientIdTable =
  | 'notebooks'
  | 'sections'
  | 'notes'
  | 'todos'
  | 'todo_categories'
  | 'todo_items'
  | 'todo_subtasks'
  | 'labels';

/** The id a create body carried (made by the client, so it could show the row at once), else a new one. */
export const newRowId = (given: string | undefined): string => given ?? randomUUID();

export const idTaken = () =>
  new AppError('id_taken', 409, messages.api.idTaken, { id: messages.api.idTaken });

/**
 * The table's primary key refused the row: PostgreSQL names the constraint (`<table>_pkey`, the name
 * `create table` gives it), better-sqlite3 its extended code and `table.id` in the message. Any other
 * unique or key error is left alone, so a label's name clash stays a name clash.
 */
function isIdClash(error: unknown, table: ClientIdTable): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  if (error.code === '23505') return 'constraint' in error && error.constraint === `${table}_pkey`;
  return (
    error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' &&
    error instanceof Error &&
    error.message.includes(`${table}.id`)
  );
}

/**
 * Runs a create whose row may carry a client-made id. The primary key alone decides a clash: no
 * read first, so no race between two creates of one id, and the answer is the same whether the row
 * holding the id is this user's or another's (an existence check scoped to the user would leak which).
 * Call it around the whole transaction: the clash aborts it (PostgreSQL), so nothing of it is kept.
 */
export async function withClientId<T>(table: ClientIdTable, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isIdClash(error, table)) throw idTaken();
    throw error;
  }
}
