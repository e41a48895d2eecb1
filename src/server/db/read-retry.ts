import type {
  CompiledQuery,
  ControlConnectionProvider,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { isDatabaseUnavailable } from './connection-errors.ts';

/**
 * A plain read, safe to send twice: a Kysely-built SELECT with no CTE (a CTE may modify data). Raw SQL is
 * never retried: `select pg_advisory_lock(…)` reads like a SELECT but takes a session lock.
 */
export function isReplayableRead(query: CompiledQuery): boolean {
  const node = query.query;
  return node.kind === 'SelectQueryNode' && !node.with;
}

type AbortOptions = Parameters<DatabaseConnection['executeQuery']>[1];

/**
 * One checkout of a pooled connection. Its first statement, when a replayable read, is sent again once on
 * a fresh connection if the first connection turned out to be dead (restart, pg_terminate_backend): the
 * pool may hand out a connection whose backend has just gone before it has heard so. Only the first
 * statement: after it a connection may carry state (a transaction, a lock) another cannot take over.
 */
class RetryingConnection implements DatabaseConnection {
  used = false;

  constructor(
    public current: DatabaseConnection,
    private readonly driver: Driver,
  ) {}

  async executeQuery<R>(query: CompiledQuery, options?: AbortOptions): Promise<QueryResult<R>> {
    const first = !this.used;
    this.used = true;
    try {
      return await this.current.executeQuery<R>(query, options);
    } catch (error) {
      if (!first || !isReplayableRead(query) || !isDatabaseUnavailable(error)) throw error;
      const dead = this.current;
      this.current = await this.driver.acquireConnection();
      // The pool discards it (its client is no longer queryable or was marked broken).
      await this.driver.releaseConnection(dead).catch(() => {});
      return this.current.executeQuery<R>(query, options);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number, options?: AbortOptions) {
    this.used = true;
    return this.current.streamQuery<R>(query, chunkSize, options);
  }

  // Kysely's query cancellation (an AbortSignal) acts on the connection in use.
  async cancelQuery(control: ControlConnectionProvider): Promise<void> {
    await this.current.cancelQuery?.(control);
  }
  async collectSessionInfo(): Promise<void> {
    await this.current.collectSessionInfo?.();
  }
  async killSession(control: ControlConnectionProvider): Promise<void> {
    await this.current.killSession?.(control);
  }
}

/** Kysely's driver with each checkout wrapped in a RetryingConnection; everything else passes through. */
class RetryingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(options?: AbortOptions) {
    return this.inner.init(options);
  }
  async acquireConnection(options?: AbortOptions): Promise<DatabaseConnection> {
    return new RetryingConnection(await this.inner.acquireConnection(options), this.inner);
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const retrying = connection as RetryingConnection;
    retrying.used = true;
    return this.inner.beginTransaction(retrying.current, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction((connection as RetryingConnection).current);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction((connection as RetryingConnection).current);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.savepoint?.((connection as RetryingConnection).current, name, compile);
  }
  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.rollbackToSavepoint?.((connection as RetryingConnection).current, name, compile);
  }
  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.releaseSavepoint?.((connection as RetryingConnection).current, name, compile);
  }
  releaseConnection(connection: DatabaseConnection, options?: AbortOptions) {
    return this.inner.releaseConnection((connection as RetryingConnection).current, options);
  }
  destroy(options?: AbortOptions) {
    return this.inner.destroy(options);
  }
}

/** `dialect` whose single reads outside a transaction survive one dead pooled connection. */
export function withReadRetry(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new RetryingDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
