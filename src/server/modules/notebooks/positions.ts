import { type RawBuilder, sql } from 'kysely';

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
