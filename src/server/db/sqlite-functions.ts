import type SQLite from 'better-sqlite3-multiple-ciphers';

/**
 * SQL functions the app adds to its SQLite connection.
 *
 * contains_folded(text, query): 1 when `text` contains `query` ignoring case, accented letters
 * included (SQLite's lower() and LIKE fold ASCII only). Search uses it on pages saved since the FTS5
 * index last caught up, so they match the way the trigram index, which folds case the same way,
 * matches the others.
 */
export function registerSqliteFunctions(sqlite: SQLite.Database): void {
  sqlite.function('contains_folded', { deterministic: true }, (text: unknown, query: unknown) => {
    if (typeof text !== 'string' || typeof query !== 'string') return 0;
    return text.toLowerCase().includes(query.toLowerCase()) ? 1 : 0;
  });
}
