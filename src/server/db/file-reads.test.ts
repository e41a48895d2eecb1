import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testSqliteKey } from '../test/engines.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './database.ts';

/**
 * Files' bytes are read on a SQLite connection of their own with a 2 MiB cache, so a 500 MB
 * export does not fill the main connection's 64 MiB cache with chunk pages (DatabaseHandle.fileReads).
 */
describe('the connection files are read on', () => {
  let handle: DatabaseHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is a connection of its own on a SQLite file: it sees what was committed, with a small cache, and never writes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'jotlist-file-reads-'));
    handle = openDatabase({ sqlitePath: join(dir, 'app.db'), sqliteKey: testSqliteKey });
    await migrateToLatest(handle.db);
    const reads = handle.fileReads();
    expect(reads).not.toBe(handle.db);
    expect(handle.fileReads()).toBe(reads);
    await sql`create table probe (n integer)`.execute(handle.db);
    await sql`insert into probe values (42)`.execute(handle.db);
    expect((await sql<{ n: number }>`select n from probe`.execute(reads)).rows).toEqual([{ n: 42 }]);
    const cacheOf = async (db: typeof reads) =>
      (await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size;
    expect(await cacheOf(handle.db)).toBe(-65536);
    expect(await cacheOf(reads)).toBe(-2048);
    await expect(sql`insert into probe values (1)`.execute(reads)).rejects.toThrow(
      /readonly|query_only|attempt to write/i,
    );
  });

  it('is the database itself in memory, where a second connection would see another database', async () => {
    handle = openDatabase({ sqlitePath: ':memory:', sqliteKey: null });
    expect(handle.fileReads()).toBe(handle.db);
  });
});
