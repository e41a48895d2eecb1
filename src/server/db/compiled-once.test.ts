import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngines } from '../test/engines.ts';
import { compiledOnce } from './compiled-once.ts';

describe.each(testEngines)('compiledOnce on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  const insertSubmission = compiledOnce(['id', 'name', 'at'], (db, v) =>
    db
      .insertInto('contact_submissions')
      .values({
        id: v.id,
        name: v.name,
        email: 'a@b.c',
        subject: 's',
        message: 'm',
        ip: null,
        created_at: v.at,
      })
      .returning(['id', 'name', 'created_at']),
  );

  it('binds each call its own values, including one that looks like another call', async () => {
    const first = await insertSubmission(database.db, { id: 'one', name: 'Ada', at: '2026-01-01' });
    // A value equal to a placeholder's name is only ever a value.
    const second = await insertSubmission(database.db, { id: 'two', name: 'id', at: '2026-01-02' });
    expect(first).toEqual([{ id: 'one', name: 'Ada', created_at: '2026-01-01' }]);
    expect(second).toEqual([{ id: 'two', name: 'id', created_at: '2026-01-02' }]);
    const rows = await database.db
      .selectFrom('contact_submissions')
      .select(['id', 'name'])
      .where('id', 'in', ['one', 'two'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'one', name: 'Ada' },
      { id: 'two', name: 'id' },
    ]);
  });

  it('runs on the transaction it is given: sees its own uncommitted row, which the database does not', async () => {
    const byId = compiledOnce(['id'], (db, v) =>
      db.selectFrom('contact_submissions').select('name').where('id', '=', v.id),
    );
    const seen = await database.db.transaction().execute(async (trx) => {
      await insertSubmission(trx, { id: 'in-trx', name: 'Lin', at: '2026-01-03' });
      const inside = await byId(trx, { id: 'in-trx' });
      // SQLite has one connection, which the transaction holds: only PostgreSQL can ask from outside.
      const outside = engine === 'postgres' ? await byId(database.db, { id: 'in-trx' }) : [];
      return { inside, outside };
    });
    expect(seen).toEqual({ inside: [{ name: 'Lin' }], outside: [] });
    expect(await byId(database.db, { id: 'in-trx' })).toEqual([{ name: 'Lin' }]);
    // The file's tests share one database and may run in any order.
    await database.db.deleteFrom('contact_submissions').where('id', '=', 'in-trx').execute();
  });

  it('refuses a query that puts a value into the SQL text instead of binding it', async () => {
    const unsafe = compiledOnce(['name'], (db, v) =>
      db.selectFrom('contact_submissions').select('id').where('name', '=', sql.lit(v.name)),
    );
    await expect(unsafe(database.db, { name: 'Ada' })).rejects.toThrow(/bound parameter/);
  });
});

describe.each(testEngines.filter((engine) => engine === 'postgres'))(
  'compiledOnce on %s, prepared',
  (engine) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(engine);
    });
    afterAll(() => database.dispose());

    const countByName = compiledOnce(['name'], (db, v) =>
      db
        .selectFrom('contact_submissions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('name', '=', v.name),
    );

    it('runs as a named prepared statement, while other queries stay unnamed', async () => {
      // One connection, so pg_prepared_statements (per session) shows what this connection prepared.
      const prepared = await database.db.connection().execute(async (connection) => {
        await countByName(connection, { name: 'Ada' });
        await countByName(connection, { name: 'Grace' });
        await connection.selectFrom('contact_submissions').select('id').where('name', '=', 'x').execute();
        return sql<{
          name: string;
          statement: string;
        }>`select name, statement from pg_prepared_statements`.execute(connection);
      });
      expect(prepared.rows).toHaveLength(1);
      expect(prepared.rows[0]?.statement).toContain('count(*)');
      expect(prepared.rows[0]?.name).toMatch(/^jotlist_[0-9a-f]{16}$/);
    });
  },
);
