import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/engines.ts';
import { gatedFsync, stillWaitingUntilReleased, tracked } from '../test/gated-fsync.ts';
import { type GroupCommit, startGroupCommit } from './group-commit.ts';

describe('group commit on SQLite (docs/performance.md)', () => {
  let database: TestDatabase;
  let gate: ReturnType<typeof gatedFsync>;
  let groupCommit: GroupCommit;

  const write = (value: number) => sql`insert into scratch (x) values (${value})`.execute(database.db);
  const synchronousOf = async (db: TestDatabase['db']) =>
    (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]?.synchronous;

  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    await sql`create table scratch (x integer)`.execute(database.db);
    gate = gatedFsync();
    const started = await startGroupCommit(database, gate.fsync);
    if (!started) throw new Error('a SQLite file database has group commit');
    groupCommit = started;
  });

  afterEach(async () => {
    await groupCommit.close();
    await database.dispose();
  });

  it('commits without waiting for the disk, and a write is durable once a sync of the log after it ends', async () => {
    expect(await synchronousOf(database.db)).toBe(1); // NORMAL

    await write(1);
    const synced = tracked(groupCommit.sync());
    const call = await gate.heldCall(1);
    expect(call.path).toBe(`${database.sqlitePath}-wal`);
    await stillWaitingUntilReleased(synced, call);
  });

  it('needs no sync when only reads ran since the last one', async () => {
    await write(1);
    const first = groupCommit.sync();
    (await gate.heldCall(1)).release();
    await first;

    await sql`select count(*) from scratch`.execute(database.db);
    await groupCommit.sync();
    expect(gate.state.calls).toBe(1);
  });

  it('does not let a sync that began before a write acknowledge it: that write waits for the next', async () => {
    await write(1);
    const first = tracked(groupCommit.sync());
    const firstCall = await gate.heldCall(1);

    await write(2);
    const second = tracked(groupCommit.sync());
    firstCall.release();
    await first.promise;
    await stillWaitingUntilReleased(second, await gate.heldCall(2));
    expect(gate.state.calls).toBe(2);
  });

  it("counts a transaction's commit as a write, even when its statements ran before the sync began", async () => {
    const inFlight = await database.db.transaction().execute(async (trx) => {
      await sql`insert into scratch (x) values (1)`.execute(trx);
      const begun = groupCommit.sync();
      await gate.heldCall(1);
      return { begun };
    });
    const afterCommit = tracked(groupCommit.sync());
    (await gate.heldCall(1)).release();
    await inFlight.begun;
    await stillWaitingUntilReleased(afterCommit, await gate.heldCall(2));
  });

  it('fails the callers of a sync the disk refused, and tries again for the next caller', async () => {
    await write(1);
    const refused = groupCommit.sync();
    (await gate.heldCall(1)).fail(new Error('EIO: i/o error, fsync'));
    await expect(refused).rejects.toThrow('EIO');

    const retried = groupCommit.sync();
    (await gate.heldCall(2)).release();
    await retried;
  });

  it('is not used without a write-ahead log: every commit then keeps waiting for the disk', async () => {
    const other = await createTestDatabase('sqlite');
    try {
      await sql`pragma journal_mode = delete`.execute(other.db);
      expect(await startGroupCommit(other)).toBeNull();
      expect(await synchronousOf(other.db)).toBe(2); // FULL
    } finally {
      await other.dispose();
    }
  });

  it('is not used for PostgreSQL or an in-memory database', async () => {
    const memory = { ...database, sqlitePath: undefined };
    expect(await startGroupCommit(memory)).toBeNull();
    expect(await startGroupCommit({ ...database, engine: 'postgres' })).toBeNull();
  });
});
