import { sql } from 'kysely';
import { labelNameKey } from '../../../shared/schemas/label-name.ts';
import type { LabelSearchHit } from '../../../shared/schemas/search.ts';
import type { Db } from '../../db/database.ts';
import { containsPattern } from './search-sql.ts';

/**
 * The user's labels whose name contains `query`, whatever its case, by name. name_key is the name as the
 * server lowercased it, so the query is lowercased the same way (SQL's lower() folds ASCII only on
 * SQLite). An account has few labels: no index is needed beyond labels' user_id.
 */
export async function findLabelHits(
  db: Db,
  userId: string,
  query: string,
  limit: number,
): Promise<LabelSearchHit[]> {
  const rows = await db
    .selectFrom('labels')
    .select(['id', 'name', 'color'])
    .where('user_id', '=', userId)
    .where(sql<boolean>`name_key like ${containsPattern(labelNameKey(query))} escape '\\'`)
    .orderBy('name_key')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows;
}
