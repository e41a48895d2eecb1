import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteFile } from '../../db/sqlite-cipher.ts';
import { writePauseOf } from '../../db/write-pause.ts';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { todosApiFor } from '../todos/todos-test-helpers.ts';

// On SQLite an import writes in a worker thread on a connection of its own (backup-import-worker.ts),
// holding the write lock for the whole import. Another user's write meanwhile must wait for it without
// holding the server's thread in SQLite's busy wait (where it would also fail after the busy timeout).
describe('a write during an import on sqlite', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp('sqlite');
  });
  afterAll(() => ctx.close());

  it("waits for the import's write lock, then succeeds; reads go on meanwhile", async () => {
    const user = await signedInUser(ctx);
    const todos = todosApiFor(ctx, user.userId, user.cookies);
    await todos.createTodo({ title: 'Before' });
    const path = ctx.db.sqlitePath ?? '';
    // Stands for the import's worker: another connection holding the write lock.
    const importer = openSqliteFile(path, ctx.db.sqliteKey ?? null, { fileMustExist: true });
    try {
      const { write } = await writePauseOf(ctx.deps.database).during(async () => {
        importer.exec('begin immediate');
        importer.prepare("update users set updated_at = updated_at where id = ''").run();
        const write = todos.request('POST', '/api/todos', { title: 'During' });
        // A read is answered while the lock is held (WAL), the write still waiting.
        expect((await todos.tree()).todos.map((todo) => todo.title)).toEqual(['Before']);
        importer.exec('commit');
        // Wrapped: returned bare, the pause would wait for the write, which waits for the pause.
        return { write };
      });
      expect((await write).statusCode).toBe(201);
      expect((await todos.tree()).todos.map((todo) => todo.title)).toEqual(['Before', 'During']);
    } finally {
      importer.close();
    }
  });
});
