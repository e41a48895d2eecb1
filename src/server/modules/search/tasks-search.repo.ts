import { sql } from 'kysely';
import { labelNameKey } from '../../../shared/schemas/label-name.ts';
import type { Db, DbEngine } from '../../db/database.ts';
import { containsPattern, ftsPhrase, matchPosition, usesTrigramIndex } from './search-sql.ts';

/** A matching task with where its text first matches (1-based; 0 when the SQL lower() could not fold it). */
export interface TaskHitRow {
  id: string;
  todo_id: string;
  category_id: string;
  text: string;
  completed: number | string;
  updated_at: string;
  match_at: number | string;
  text_length: number | string;
}

/**
 * The user's tasks whose text contains `query`, case-insensitively, most recently updated first: the
 * notes approach (notes-search.repo.ts) over todo_items.text; and those with a label whose name contains
 * it (their match_at is 0 unless the text matches too). Ownership is in every branch's WHERE.
 */
export async function findTaskHits(
  db: Db,
  engine: DbEngine,
  userId: string,
  query: string,
  limit: number,
): Promise<TaskHitRow[]> {
  const indexed = usesTrigramIndex(query);
  const hits =
    engine === 'sqlite'
      ? sqliteHits(userId, query, limit, indexed)
      : postgresHits(userId, query, limit, indexed);
  const position = matchPosition(engine, sql.ref('t.text'), query);
  // Tasks with a label whose name matches: the user's labels are few, their links found by label.
  const labelled = sql`
    select tl.task_id as id from labels l join task_labels tl on tl.label_id = l.id
    where l.user_id = ${userId} and l.name_key like ${containsPattern(labelNameKey(query))} escape '\\'`;
  const result = await sql<TaskHitRow>`
    with text_hits as (${hits}), hits as (select id from text_hits union select id from (${labelled}) l)
    select t.id, t.todo_id, t.category_id, t.text, t.completed, t.updated_at,
      ${position} as match_at, length(t.text) as text_length
    from hits h join todo_items t on t.id = h.id
    where t.user_id = ${userId}
    order by t.updated_at desc, t.id desc
    limit ${limit}
  `.execute(db);
  return result.rows;
}

/** SQLite: an FTS5 trigram phrase query (three or more characters), else LIKE newest first. */
function sqliteHits(userId: string, query: string, limit: number, indexed: boolean) {
  if (indexed) {
    return sql`
      select t.id from todo_items_fts f join todo_items t on t.rowid = f.rowid
      where todo_items_fts match ${ftsPhrase(query)} and t.user_id = ${userId}
      order by t.updated_at desc, t.id desc limit ${limit}`;
  }
  return sql`
    select id from todo_items
    where user_id = ${userId} and text like ${containsPattern(query)} escape '\\'
    order by updated_at desc, id desc limit ${limit}`;
}

/** PostgreSQL: `lower(text) like '%q%'` on the pg_trgm GIN index, else strpos newest first. */
function postgresHits(userId: string, query: string, limit: number, indexed: boolean) {
  if (indexed) {
    return sql`
      select id from todo_items
      where user_id = ${userId} and lower(text) like lower(${containsPattern(query)}) escape '\\'
      order by updated_at desc, id desc limit ${limit}`;
  }
  return sql`
    select id from todo_items
    where user_id = ${userId} and strpos(lower(text), lower(${query})) > 0
    order by updated_at desc, id desc limit ${limit}`;
}
