import { type SearchResponse, searchResultLimit } from '../../../shared/schemas/search.ts';
import type { AppDeps } from '../../deps.ts';
import { findLabelHits } from './labels-search.repo.ts';
import { findNoteHits } from './notes-search.repo.ts';
import { makeSnippet } from './snippet.ts';
import { findTaskHits } from './tasks-search.repo.ts';

/**
 * One kind of searchable thing, filling one key of the response. This is the extension point: the todos
 * issue adds `tasks` to searchResponseSchema, and the compiler then asks for a `tasks` searcher here.
 */
type Searcher<K extends keyof SearchResponse> = (
  deps: AppDeps,
  userId: string,
  query: string,
) => Promise<SearchResponse[K]>;

const searchers: { [K in keyof SearchResponse]: Searcher<K> } = {
  notes: searchNotes,
  tasks: searchTasks,
  labels: (deps, userId, query) => findLabelHits(deps.database.db, userId, query, searchResultLimit),
};

/** Case-insensitive substring search over everything of the user's that is searchable. */
export async function searchEverything(
  deps: AppDeps,
  userId: string,
  query: string,
): Promise<SearchResponse> {
  const kinds = Object.keys(searchers) as Array<keyof SearchResponse>;
  const found = await Promise.all(kinds.map((kind) => searchers[kind](deps, userId, query)));
  return Object.fromEntries(kinds.map((kind, index) => [kind, found[index]])) as SearchResponse;
}

/** Pages whose title or content contains the text, with a snippet and where to open them. */
async function searchNotes(deps: AppDeps, userId: string, query: string): Promise<SearchResponse['notes']> {
  const { db, engine } = deps.database;
  const rows = await findNoteHits(db, engine, userId, query, searchResultLimit);
  const matchLength = Array.from(query).length;
  return rows.map((row) => ({
    id: row.id,
    notebookId: row.notebook_id,
    sectionId: row.section_id,
    title: row.title,
    updatedAt: row.updated_at,
    ...makeSnippet({
      excerpt: row.excerpt,
      excerptStart: Number(row.excerpt_start),
      matchAt: Number(row.match_at),
      matchLength,
      contentLength: Number(row.content_length),
    }),
  }));
}

/**
 * Tasks whose text contains the query, or with a label whose name does, with the text as snippet (cut
 * around the match when long; the beginning, nothing marked, for a label match).
 */
async function searchTasks(deps: AppDeps, userId: string, query: string): Promise<SearchResponse['tasks']> {
  const { db, engine } = deps.database;
  const rows = await findTaskHits(db, engine, userId, query, searchResultLimit);
  const matchLength = Array.from(query).length;
  return rows.map((row) => ({
    id: row.id,
    todoId: row.todo_id,
    categoryId: row.category_id,
    text: row.text,
    completed: Number(row.completed) === 1,
    updatedAt: row.updated_at,
    ...makeSnippet({
      excerpt: row.text,
      excerptStart: 1,
      matchAt: Number(row.match_at),
      matchLength,
      contentLength: Number(row.text_length),
    }),
  }));
}
