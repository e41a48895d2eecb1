import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todosApiFor } from '../modules/todos/todos-test-helpers.ts';
import { signedInUser } from '../test/auth-helpers.ts';
import { buildTestApp, type TestContext } from '../test/test-app.ts';
import { sqliteBusyTimeoutMs } from './database.ts';
import { isSqliteBusy } from './sqlite-busy.ts';
import { openSqliteFile } from './sqlite-cipher.ts';

// SQLite-only: a write that finds another connection holding the write lock past the busy wait fails
// with SQLITE_BUSY. That is the database being busy, not a bug: 503 with Retry-After, not 500.
describe('a busy SQLite database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp('sqlite');
  });
  afterAll(() => ctx.close());

  it('answers 503 unavailable with Retry-After to a write that meets the lock', async () => {
    const user = await signedInUser(ctx);
    const other = openSqliteFile(ctx.db.sqlitePath ?? '', ctx.db.sqliteKey ?? null, { fileMustExist: true });
    // No busy wait on the server's connection, so the write fails at once instead of after seconds.
    await sql`pragma busy_timeout = 0`.execute(ctx.deps.database.db);
    try {
      other.exec('begin immediate');
      const res = await todosApiFor(ctx, user.userId, user.cookies).request('POST', '/api/todos', {
        title: 'While locked',
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
    } finally {
      other.exec('rollback');
      other.close();
      await sql`pragma busy_timeout = ${sql.raw(String(sqliteBusyTimeoutMs))}`.execute(ctx.deps.database.db);
    }
  });

  it('knows the extended busy codes, also wrapped, and nothing else', () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    expect(isSqliteBusy(coded('SQLITE_BUSY'))).toBe(true);
    expect(isSqliteBusy(coded('SQLITE_BUSY_SNAPSHOT'))).toBe(true);
    expect(isSqliteBusy(new Error('wrapped', { cause: coded('SQLITE_BUSY_TIMEOUT') }))).toBe(true);
    expect(isSqliteBusy(coded('SQLITE_CONSTRAINT_FOREIGNKEY'))).toBe(false);
    expect(isSqliteBusy(new Error('database is locked'))).toBe(false);
  });
});
