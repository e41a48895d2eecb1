import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, type DbEngine, migrateToLatest, openDatabase } from '../db/database.ts';
import { deriveSqliteKey } from '../db/sqlite-cipher.ts';

/**
 * The tests' SQLite key: derived, as the server derives it, from the secret key test-app.ts gives the app
 * (so every test runs on an encrypted file, as production does).
 */
export const testSqliteKey = deriveSqliteKey(Buffer.alloc(32, 7));

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testEngines: DbEngine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends DatabaseHandle {
  /** Drops the throwaway database (PostgreSQL) or deletes its folder (SQLite). */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database per call: a temp-folder SQLite file, or a new PostgreSQL database created
 * beside TEST_DATABASE_URL's, so test files never see each other's rows and can run in parallel.
 */
export async function createTestDatabase(
  engine: DbEngine,
  /** A plain SQLite file, as every release before encryption at rest wrote (the upgrade's test). */
  { plainSqlite = false }: { plainSqlite?: boolean } = {},
): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'jotlist-test-'));
    const sqliteKey = plainSqlite ? null : testSqliteKey;
    const handle = openDatabase({ sqlitePath: join(dir, 'test.db'), sqliteKey });
    await migrateToLatest(handle.db);
    let closed = false;
    const close = async () => {
      if (!closed) await handle.close();
      closed = true;
    };
    return {
      ...handle,
      close,
      dispose: async () => {
        await close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const database = await createPostgresDatabase('jotlist_t');
  const handle = openDatabase({ databaseUrl: database.url });
  await migrateToLatest(handle.db);
  let closed = false;
  const close = async () => {
    if (!closed) await handle.close();
    closed = true;
  };
  return {
    ...handle,
    close,
    dispose: async () => {
      await close();
      await database.drop();
    },
  };
}

/**
 * A new, empty PostgreSQL database beside TEST_DATABASE_URL's, named `<prefix>_<random>`: its URL, and
 * how to drop it (closing any connection still open to it).
 */
export async function createPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
