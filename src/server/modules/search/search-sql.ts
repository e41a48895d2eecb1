import { type RawBuilder, sql } from 'kysely';
import type { DbEngine } from '../../db/database.ts';

/**
 * SQL pieces both searches (pages, tasks) build their queries from. The queries themselves stay with
 * each search: they differ in tables, searched columns and what a hit returns.
 */

/** Trigram indexes need three characters; shorter queries scan the user's own rows instead. */
export const trigramMinLength = 3;

export const usesTrigramIndex = (query: string) => Array.from(query).length >= trigramMinLength;

/** `%query%` for LIKE, with the query's own wildcards taken literally (escape character `\`). */
export const containsPattern = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An FTS5 phrase query matching `query` as one run of text (its double quotes doubled). */
export const ftsPhrase = (query: string) => `"${query.replaceAll('"', '""')}"`;

/** Where `query` first occurs in `text`, case-insensitively (1-based; 0 when it does not). */
export function matchPosition(engine: DbEngine, text: RawBuilder<unknown>, query: string) {
  return engine === 'sqlite'
    ? sql`instr(lower(${text}), lower(${query}))`
    : sql`strpos(lower(${text}), lower(${query}))`;
}
