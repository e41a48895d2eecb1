import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { isDatabaseUnavailable } from './connection-errors.ts';

/**
 * Named prepared statements on PostgreSQL for the few hottest queries (those built by compiledOnce).
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it again each time; for a section's
 * page list that was a fifth to a third of the server's throughput under load (docs/performance.md, measured with
 * pg alone: 2,700–3,300 → 3,600–4,100 queries/s at the same Node CPU per query).
 *
 * Only registered texts are named: a connection keeps each named statement for its life, so the set
 * must be small and fixed (the compiled hot queries), never one per generated SQL text.
 */
const names = new Map<string, string>();

/** Marks `sql` to run as a named prepared statement on every PostgreSQL connection. */
export function registerPreparedStatement(sql: string): void {
  if (names.has(sql)) return;
  names.set(sql, `jotlist_${createHash('sha256').update(sql).digest('hex').slice(0, 16)}`);
}

/** The statement name of a registered text, or undefined: it runs unnamed. */
export function preparedStatementName(sql: string): string | undefined {
  return names.get(sql);
}

// One wrapper per pooled pg client, for the client's life (a WeakMap lets it go with the client).
const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();

function wrap(client: pg.PoolClient): PostgresPoolClient {
  const known = wrappers.get(client);
  if (known) return known;
  // The same wrapper for the same client: Kysely keeps its connection object per pool client.
  // A client whose connection died is discarded at release, not returned to the idle list where the next
  // checkout could take it before its closed socket is noticed.
  let broken = false;
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    text: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Cursors are Kysely's streams, which our dialect is not configured for (it refuses them first).
    if (typeof text !== 'string') throw new Error('streaming queries are not supported');
    // Kysely hands over the compiled query's own array; pg only reads it.
    const values = (parameters ?? []) as unknown[];
    const name = names.get(text);
    const result = name ? client.query({ name, text, values }) : client.query(text, values);
    return (result as Promise<PostgresQueryResult<R>>).catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) broken = true;
      throw error;
    });
  }
  const wrapper: PostgresPoolClient = {
    query,
    release: (destroy?: boolean) => client.release(destroy || broken),
  };
  wrappers.set(client, wrapper);
  return wrapper;
}

const directPools = new WeakMap<object, pg.Pool>();

/**
 * The pool behind a root Kysely handle on PostgreSQL, for compiledOnce's hot queries to run on directly
 * (`pool.query`: a pooled connection for one statement, as Kysely itself would take for a query outside a
 * transaction). Kysely's executor, connection provider and result copy were ~10 µs and ~5 KB of garbage
 * of a section's page list (docs/performance.md). A transaction is another handle, never registered: its queries keep
 * to its own connection through Kysely.
 */
export function registerDirectPool(db: object, pool: pg.Pool): void {
  directPools.set(db, pool);
}

/** The registered pool of a root handle; undefined for a transaction or SQLite. */
export function directPool(db: object): pg.Pool | undefined {
  return directPools.get(db);
}

/** Kysely's view of `pool`, running registered statements as named prepared statements. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
    options: pool.options,
  };
}
