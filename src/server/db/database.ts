import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type SQLite from 'better-sqlite3-multiple-ciphers';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import { preparingPool, registerDirectPool } from './prepared-statements.ts';
import { withReadRetry } from './read-retry.ts';
import type { Database } from './schema.ts';
import { openSqliteFile, type SqliteKey } from './sqlite-cipher.ts';
import { type EncryptedConversion, prepareEncryptedFile } from './sqlite-encrypt-plain.ts';
import { registerSqliteFunctions } from './sqlite-functions.ts';

export type Db = Kysely<Database>;

/** The busy timeout the server's SQLite connection has outside a backup import's pause (write-pause.ts). */
export const sqliteBusyTimeoutMs = 5000;
export type DbEngine = 'sqlite' | 'postgres';
/** The server connection's page cache, KiB (filled only as pages are read). */
const sqliteCacheKib = 64 * 1024;

export interface DatabaseHandle {
  db: Db;
  engine: DbEngine;
  /** The SQLite file (absent on PostgreSQL and for `:memory:`): what server backups copy. */
  sqlitePath?: string;
  /** SQLite only: the file's key (sqlite-cipher.ts), for connections of its own (workers); null: plain. */
  sqliteKey?: SqliteKey | null;
  /**
   * Where files' bytes are read (attachment-bytes.ts): on a SQLite file, a read-only connection of its
   * own with a 2 MiB cache (ten 200 KB images), opened at the first read. Through the main connection's
   * 64 MiB cache a 500 MB Markdown export filled it with chunk pages (~65 MB of RSS, measured) and pushed
   * out every other user's hot pages. The database itself elsewhere (PostgreSQL, `:memory:`).
   */
  fileReads(): Db;
  /** PostgreSQL's connection string: the cache-invalidation listener opens its own connection with it. */
  databaseUrl?: string;
  /**
   * SQLite only: a count that moves whenever a statement that may write (or end a transaction) is about
   * to run on the connection; group-commit.ts compares it to know whether the WAL needs syncing.
   */
  sqliteWrites?: () => number;
  close(): Promise<void>;
}

/**
 * SQLite's key is not optional: every opener says how the file is encrypted (null only for `:memory:`
 * and the benchmark's plain pass), so none can open the app's file without it by forgetting.
 */
export type DatabaseOptions = { databaseUrl: string } | { sqlitePath: string; sqliteKey: SqliteKey | null };

export interface DatabaseEvents {
  /**
   * A PostgreSQL connection died (server restart, pg_terminate_backend, network): the pool drops it and
   * the next query opens another. Default: a process warning.
   */
  onConnectionLost?(error: Error): void;
  /** A plain SQLite file (from before encryption at rest) was converted (sqlite-encrypt-plain.ts). */
  onSqliteEncrypted?(conversion: EncryptedConversion & { path: string }): void;
}

/** Opens SQLite (file path or `:memory:`) or PostgreSQL (`postgres://…`) behind the same Kysely type. */
export function openDatabase(options: DatabaseOptions, events: DatabaseEvents = {}): DatabaseHandle {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A database host that drops packets would otherwise hold each request until TCP gives up
      // (minutes); past this a request answers 503. It also bounds the wait for a free pooled connection.
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    const lost =
      events.onConnectionLost ??
      ((error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
    watchConnections(pool, lost);
    const db = new Kysely<Database>({
      dialect: withReadRetry(new PostgresDialect({ pool: preparingPool(pool) })),
    });
    registerDirectPool(db, pool);
    return {
      db,
      engine: 'postgres',
      databaseUrl: options.databaseUrl,
      fileReads: () => db,
      close: () => db.destroy(),
    };
  }

  const { sqlitePath: path, sqliteKey } = options;
  if (path !== ':memory:') {
    createPrivateFile(path);
    // Throws SqliteKeyRefused (nothing touched) for a file encrypted with another key.
    const conversion = sqliteKey === null ? null : prepareEncryptedFile(path, sqliteKey);
    if (conversion) events.onSqliteEncrypted?.({ ...conversion, path });
  }
  const sqlite = openSqliteFile(path, sqliteKey);
  // WAL lets readers proceed during a write; synchronous=FULL makes every commit wait for the disk (the
  // server relaxes that for group commit, group-commit.ts, and syncs before it answers); the busy
  // timeout rides out a concurrent writer (e.g. `npm run db:migrate` beside a running server).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${sqliteBusyTimeoutMs}`);
  // Up to 64 MiB of pages kept decrypted (SQLite's default is 2 MiB): a page read back from the OS cache
  // costs an AES decryption and an HMAC check each time on an encrypted file, which made a section's
  // list ~19× slower than on a plain file with the default cache (×1.9 with this one; bench/notes-api.ts).
  sqlite.pragma(`cache_size = -${sqliteCacheKib}`);
  registerSqliteFunctions(sqlite);
  const writes = { count: 0 };
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, writes) }),
  });
  const file = path === ':memory:' ? {} : { sqlitePath: path, sqliteKey };
  let reader: Db | undefined;
  const fileReads = () => {
    if (path === ':memory:') return db;
    reader ??= openFileReader(path, sqliteKey);
    return reader;
  };
  return {
    db,
    engine: 'sqlite',
    ...file,
    sqliteWrites: () => writes.count,
    fileReads,
    close: async () => {
      await reader?.destroy();
      await db.destroy();
    },
  };
}

/** A connection that only reads, with a small cache (DatabaseHandle.fileReads). */
function openFileReader(path: string, sqliteKey: SqliteKey | null): Db {
  const sqlite = openSqliteFile(path, sqliteKey);
  sqlite.pragma('query_only = ON');
  sqlite.pragma('cache_size = -2048');
  sqlite.pragma(`busy_timeout = ${sqliteBusyTimeoutMs}`);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/**
 * node-postgres emits 'error' on a client whose backend dies, and an 'error' event with no listener
 * kills the process (`Unhandled 'error' event … 57P01`). The pool listens only while a client is idle;
 * a client checked out through Kysely (a query, a transaction) has no listener until it is released, so
 * every client gets one of its own for its whole life. The query under way (if any) fails on its own and
 * reaches its request (503, plugins/error-handler.ts); the pool discards the dead client at release.
 */
function watchConnections(pool: pg.Pool, lost: (error: Error) => void): void {
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error) => {
      // pg may report one death twice (the server's message, then the closed socket): say it once.
      if (reported) return;
      reported = true;
      lost(error);
    });
  });
  // An idle client's death reaches the pool too; the client's own listener above has reported it.
  pool.on('error', () => {});
}

/** Distinct SQL texts kept prepared; the app issues far fewer, generated chunk sizes included. */
const statementCacheSize = 500;

/**
 * Kysely's SQLite dialect prepares every query afresh, and compiling SQL was a large share of a request's
 * CPU. This hands it the statement prepared earlier for the same text (least recently used dropped first).
 * Safe to share: the dialect steps a statement to the end with `.all()`/`.run()` in the same tick it
 * prepares it (docs/operations.md: never `.get()` a RETURNING statement). Only `.iterate()` (Kysely's
 * `.stream()`) leaves one open across awaits; a statement still busy that way is never handed out again,
 * a fresh one is prepared instead.
 */
function withStatementCache(sqlite: SQLite.Database, writes: { count: number }) {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (text: string): SQLite.Statement => {
    const cached = statements.get(text);
    if (cached) {
      if (cached.busy) return sqlite.prepare(text);
      statements.delete(text);
      statements.set(text, cached);
      return cached;
    }
    const statement = sqlite.prepare(text);
    statements.set(text, statement);
    if (statements.size > statementCacheSize) {
      const oldest = statements.keys().next();
      if (!oldest.done) statements.delete(oldest.value);
    }
    return statement;
  };
  return {
    prepare(text: string): SQLite.Statement {
      const statement = prepare(text);
      // The dialect runs what it prepares in the same tick, so preparing counts as running. Only a
      // query that reads and cannot write is left out: SQLite calls COMMIT "read-only", so a statement
      // that returns no rows counts too (a transaction's end is what makes its writes durable).
      if (!(statement.readonly && statement.reader)) writes.count++;
      return statement;
    },
    close(): void {
      statements.clear();
      sqlite.close();
    },
  };
}

/**
 * Brings the schema to the latest migration; throws with the failing migration's name; answers the
 * names it applied. On PostgreSQL the whole run holds an advisory lock on a connection of its own: two
 * instances starting together on a fresh database would otherwise race to create Kysely's own
 * bookkeeping tables (its lock only covers the migrations themselves). The second waits, then finds
 * nothing left to do.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(hashtext(${migrationLockName}))`.execute(connection);
      try {
        return await runMigrations(db);
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${migrationLockName}))`.execute(connection);
      }
    });
  }
  return runMigrations(db);
}

const migrationLockName = 'jotlist:migrations';

async function runMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    // The cause keeps pg's code: a connection lost mid-run is told apart from a broken migration.
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** A cheap round trip used by the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Creates the database file, if missing, readable by this user only (0600; its folder 0700): it holds
 * every account. SQLite would create it with 0644, and gives its -wal and -shm files the database
 * file's mode, so those are private too. An existing file keeps the mode it has.
 */
function createPrivateFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
}
