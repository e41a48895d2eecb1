import { sql } from 'kysely';
import type { Db, DbEngine } from '../../db/database.ts';
import { containsPattern, ftsPhrase, matchPosition, usesTrigramIndex } from './search-sql.ts';
import { excerptLead, excerptLength } from './snippet.ts';

/** A matching page with a stretch of its content around the first match (see snippet.ts). */
export interface NoteHitRow {
  id: string;
  notebook_id: string;
  section_id: string;
  title: string;
  updated_at: string;
  match_at: number;
  excerpt_start: number;
  excerpt: string;
  content_length: number;
}

/**
 * The user's pages whose title or content contains `query`, case-insensitively, most recently updated
 * first. Ownership is in every branch's WHERE clause.
 */
export async function findNoteHits(
  db: Db,
  engine: DbEngine,
  userId: string,
  query: string,
  limit: number,
): Promise<NoteHitRow[]> {
  const indexed = usesTrigramIndex(query);
  const hits =
    engine === 'sqlite'
      ? sqliteHits(userId, query, limit, indexed)
      : postgresHits(userId, query, limit, indexed);
  const position = matchPosition(engine, sql.ref('n.content'), query);
  const start =
    engine === 'sqlite'
      ? sql`max(1, match_at - ${excerptLead})`
      : sql`greatest(1, match_at - ${excerptLead})`;
  // Snippet work runs only on the (at most `limit`) hits, not on every page the index matched.
  const result = await sql<NoteHitRow>`
    with hits as (${hits})
    select id, notebook_id, section_id, title, updated_at, match_at,
      ${start} as excerpt_start,
      substr(content, ${start}, ${excerptLength}) as excerpt,
      length(content) as content_length
    from (
      select n.id, n.notebook_id, n.section_id, n.title, n.updated_at, n.content, ${position} as match_at
      from hits h join notes n on n.id = h.id
      where n.user_id = ${userId}
    ) page
    order by updated_at desc, id desc
  `.execute(db);
  return result.rows;
}

/**
 * SQLite: the FTS5 trigram index answers a phrase query of the text (a run of consecutive trigrams is
 * exactly a substring, case-folded by the tokenizer), for every page it is up to date for. Pages saved
 * since (in notes_search_queue, see migration 0004) are left out of its answer, since it may still hold
 * their old text, and read directly instead: a search right after a burst of saves reads those few
 * pages, where indexing them first cost ~2 ms a page (docs/performance.md). Shorter text: LIKE (case-insensitive
 * for ASCII) while walking notes_recent_idx newest first, so a common one- or two-letter text stops
 * after the first `limit` matches instead of reading every page.
 */
function sqliteHits(userId: string, query: string, limit: number, indexed: boolean) {
  if (indexed) {
    // CROSS JOIN keeps the queue as the outer loop: otherwise the planner walks all the user's pages.
    return sql`
      select id from (
        select n.id, n.updated_at from notes_fts f join notes n on n.rowid = f.rowid
        where notes_fts match ${ftsPhrase(query)} and n.user_id = ${userId}
          and not exists (select 1 from notes_search_queue q where q.note_rowid = f.rowid)
        union all
        select n.id, n.updated_at from notes_search_queue q cross join notes n on n.rowid = q.note_rowid
        where n.user_id = ${userId}
          and (contains_folded(n.title, ${query}) or contains_folded(n.content, ${query}))
      )
      order by updated_at desc, id desc limit ${limit}`;
  }
  const pattern = containsPattern(query);
  return sql`
    select id from notes
    where user_id = ${userId} and (title like ${pattern} escape '\\' or content like ${pattern} escape '\\')
    order by updated_at desc, id desc limit ${limit}`;
}

/**
 * PostgreSQL: `lower(x) like '%q%'` is served by the pg_trgm GIN indexes on lower(title) and
 * lower(content). Shorter text: strpos over the user's pages, newest first (notes_recent_idx), stopping at
 * `limit` matches.
 */
function postgresHits(userId: string, query: string, limit: number, indexed: boolean) {
  if (indexed) {
    const pattern = containsPattern(query);
    return sql`
      select id from notes
      where user_id = ${userId}
        and (lower(title) like lower(${pattern}) escape '\\' or lower(content) like lower(${pattern}) escape '\\')
      order by updated_at desc, id desc limit ${limit}`;
  }
  return sql`
    select id from notes
    where user_id = ${userId}
      and (strpos(lower(title), lower(${query})) > 0 or strpos(lower(content), lower(${query})) > 0)
    order by updated_at desc, id desc limit ${limit}`;
}
