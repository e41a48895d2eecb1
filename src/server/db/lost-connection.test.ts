import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/engines.ts';
import { compiledOnce } from './compiled-once.ts';
import { isDatabaseUnavailable } from './connection-errors.ts';

/**
 * PostgreSQL only (SQLite has no connection to lose): a pooled connection whose backend an administrator
 * terminates (`pg_terminate_backend`, as a restart or a failover does). The process must not die of
 * node-postgres's 'error' event, a single read is answered from a fresh connection, and a write or a
 * transaction fails with an error the app answers as 503 rather than being sent twice.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

/** The outcome of a statement started before its connection is cut, handled at once (no unhandled rejection). */
function settled<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

describe.runIf(postgres)('a lost PostgreSQL connection', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  let databaseName: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    databaseName = new URL(database.databaseUrl ?? '').pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.dispose();
  });

  /** Terminates the backend of this database running a statement that contains `marker`, once it runs. */
  async function terminateWhenRunning(marker: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = $1 and state = 'active' and query like '%' || $2 || '%' and pid <> pg_backend_pid()`,
        [databaseName, marker],
      );
      const pid = rows[0]?.pid;
      if (pid !== undefined) {
        await admin.query('select pg_terminate_backend($1)', [pid]);
        return;
      }
      if (Date.now() > deadline) throw new Error(`no running statement with ${marker}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('a read whose backend dies mid-statement is answered from a fresh connection', async () => {
    const read = settled(
      database.db
        .selectNoFrom([sql<string>`'read-1'`.as('marker'), sql`pg_sleep(0.3)`.as('slept')])
        .executeTakeFirstOrThrow(),
    );
    await terminateWhenRunning('read-1');
    expect(await read).toMatchObject({ value: { marker: 'read-1' } });
  });

  it('a hot compiled read sent straight to the pool is answered from a fresh connection too', async () => {
    const hot = compiledOnce(['marker'], (db, v) =>
      db.selectNoFrom([sql<string>`${v.marker}::text`.as('marker'), sql`pg_sleep(0.3)`.as('slept')]),
    );
    const read = settled(hot(database.db, { marker: 'read-2' }));
    await terminateWhenRunning('pg_sleep(0.3)');
    expect(await read).toMatchObject({ value: [{ marker: 'read-2' }] });
  });

  it('a write whose backend dies is not sent again: it fails as unavailable and nothing is stored', async () => {
    const write = settled(
      database.db
        .insertInto('contact_submissions')
        .values({
          id: 'lost-write',
          name: 'n',
          email: 'a@b.c',
          subject: 's',
          message: 'm',
          ip: null,
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .returning(sql<string>`'write-1' || pg_sleep(0.3)`.as('marker'))
        .execute(),
    );
    await terminateWhenRunning('write-1');
    const { error } = await write;
    expect(isDatabaseUnavailable(error)).toBe(true);
    const stored = await database.db
      .selectFrom('contact_submissions')
      .select('id')
      .where('id', '=', 'lost-write')
      .execute();
    expect(stored).toEqual([]);
  });

  it('a transaction whose backend dies between statements fails as unavailable; the pool recovers', async () => {
    const outcome = database.db.transaction().execute(async (trx) => {
      await sql`select 'trx-1'`.execute(trx);
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      // The backend is gone while the transaction still holds its client: node-postgres emits 'error'
      // on that checked-out client, which had no listener before (the process died of it).
      await waitUntilGone(rows[0]?.pid);
      await sql`select 'trx-2'`.execute(trx);
    });
    const { error } = await settled(outcome);
    expect(isDatabaseUnavailable(error)).toBe(true);
    const after = await sql<{ ok: number }>`select 1 as ok`.execute(database.db);
    expect(after.rows).toEqual([{ ok: 1 }]);
  });

  async function waitUntilGone(pid: number | undefined): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await admin.query('select 1 from pg_stat_activity where pid = $1', [pid]);
      if (rows.length === 0) return;
      if (Date.now() > deadline) throw new Error(`backend ${pid} still there`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
});
