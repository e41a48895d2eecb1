import { randomUUID } from 'node:crypto';
import { type CompiledQuery, createQueryId } from 'kysely';
import { isDatabaseUnavailable } from './connection-errors.ts';
import type { Db } from './database.ts';
import { directPool, preparedStatementName, registerPreparedStatement } from './prepared-statements.ts';
import { isReplayableRead } from './read-retry.ts';

interface Compilable<Row> {
  compile(): CompiledQuery<Row>;
}

/**
 * A hot query built and compiled by Kysely once per database, then run again with fresh values. Building
 * and compiling a query with a subquery took about as much CPU as the rest of a request's JavaScript.
 *
 * `build` receives a placeholder string for each name and must pass each only as a bound value (never as
 * an identifier or inside SQL text); the compiled query's parameters that are placeholders are swapped for
 * the call's values. Placeholders carry a random marker, so no value a client sends can be mistaken for
 * one. The SQL is per dialect, hence per database handle (a transaction compiles its own). On PostgreSQL
 * the text runs as a named prepared statement, outside a transaction straight on the pool
 * (prepared-statements.ts: directPool).
 *
 *   const insertThing = compiledOnce(['id', 'name'], (db, v) => db.insertInto('things').values(v));
 *   await insertThing(db, { id, name });
 */
export function compiledOnce<Name extends string, Row>(
  names: readonly Name[],
  build: (db: Db, values: Record<Name, string>) => Compilable<Row>,
): (db: Db, values: Record<Name, string>) => Promise<Row[]> {
  const marker = randomUUID();
  const placeholders = {} as Record<Name, string>;
  const nameOf = new Map<unknown, Name>();
  for (const name of names) {
    placeholders[name] = `${marker}:${name}`;
    nameOf.set(placeholders[name], name);
  }
  const compiled = new WeakMap<Db, CompiledQuery<Row>>();

  const compileFor = (db: Db): CompiledQuery<Row> => {
    const query = build(db, placeholders).compile();
    const bound = new Set(query.parameters.filter((parameter) => nameOf.has(parameter)));
    if (bound.size !== names.length) throw new Error('compiledOnce: every value must be a bound parameter');
    compiled.set(db, query);
    // On PostgreSQL, parsed and planned once per connection (prepared-statements.ts).
    registerPreparedStatement(query.sql);
    return query;
  };

  return async (db, values) => {
    const query = compiled.get(db) ?? compileFor(db);
    const parameters = query.parameters.map((parameter) => {
      const name = nameOf.get(parameter);
      return name === undefined ? parameter : values[name];
    });
    const pool = directPool(db);
    if (pool) {
      const text = query.sql;
      const config = { name: preparedStatementName(text), text, values: parameters };
      try {
        return (await pool.query(config)).rows as Row[];
      } catch (error) {
        // A read sent on a connection that had just died is sent once more, on a fresh one (read-retry.ts).
        if (!isReplayableRead(query) || !isDatabaseUnavailable(error)) throw error;
        return (await pool.query(config)).rows as Row[];
      }
    }
    const result = await db.executeQuery<Row>({
      query: query.query,
      queryId: createQueryId(),
      sql: query.sql,
      parameters,
    });
    return result.rows;
  };
}
