import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database.ts';
import { migrationProvider } from '../db/migrations/index.ts';
import type { RateLimitStore } from '../deps.ts';
import { createTestDatabase, type TestDatabase, testEngines } from '../test/engines.ts';
import { MemoryRateLimitStore, PostgresRateLimitStore } from './rate-limit-store.ts';

/**
 * The shared state behind several instances (docs/operations.md), one level below the HTTP tests of
 * cluster.test.ts: the rate-limit store's rules on both engines, its atomicity across two connection
 * pools (two instances), and migrations started twice at once.
 */
const minute = 60_000;

describe.each(testEngines)('rate-limit store on %s', (engine) => {
  let db: TestDatabase;
  const clock = { now: new Date('2026-01-01T00:00:00Z') };
  let store: RateLimitStore;
  beforeAll(async () => {
    db = await createTestDatabase(engine);
    const now = () => clock.now;
    store = engine === 'postgres' ? new PostgresRateLimitStore(db.db, now) : new MemoryRateLimitStore(now);
  });
  afterAll(() => db.dispose());
  const key = () => `test:${randomBytes(4).toString('hex')}`;

  it('counts attempts in a window that starts at the first one, and starts again after it', async () => {
    const k = key();
    expect((await store.take(k, 15 * minute)).count).toBe(1);
    clock.now = new Date(clock.now.getTime() + 10 * minute);
    const second = await store.take(k, 15 * minute);
    expect(second).toMatchObject({ counted: true, count: 2, ttlMs: 5 * minute });
    clock.now = new Date(clock.now.getTime() + 5 * minute);
    expect((await store.take(k, 15 * minute)).count).toBe(1);
  });

  it('with a cap, refuses without counting; a given-back attempt frees its place', async () => {
    const k = key();
    const first = await store.take(k, minute, 2);
    await store.take(k, minute, 2);
    expect(await store.take(k, minute, 2)).toMatchObject({ counted: false, count: 2 });
    await store.giveBack(k, first.resetAt);
    expect(await store.take(k, minute, 2)).toMatchObject({ counted: true, count: 2 });
    await store.clear(k);
    expect((await store.take(k, minute, 2)).count).toBe(1);
  });

  it('sweeps finished windows only', async () => {
    const old = key();
    const current = key();
    await store.take(old, minute);
    await store.take(current, 10 * minute);
    clock.now = new Date(clock.now.getTime() + 2 * minute);
    expect(await store.sweep()).toBeGreaterThanOrEqual(1);
    expect((await store.take(current, 10 * minute)).count).toBe(2);
    expect((await store.take(old, minute)).count).toBe(1);
  });
});

const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(postgres)('two instances on one PostgreSQL database', () => {
  let db: TestDatabase;
  let second: DatabaseHandle;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    if (!db.databaseUrl) throw new Error('no database URL');
    second = openDatabase({ databaseUrl: db.databaseUrl });
  });
  afterAll(async () => {
    await second.close();
    await db.dispose();
  });

  it('forty attempts at once, half through each pool, get exactly the five places of a capped limit', async () => {
    const now = () => new Date();
    const stores = [new PostgresRateLimitStore(db.db, now), new PostgresRateLimitStore(second.db, now)];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => stores[i % 2]?.take('signin:race', minute, 5)),
    );
    expect(results.filter((result) => result?.counted).length).toBe(5);
    const uncapped = await Promise.all(
      Array.from({ length: 40 }, (_, i) => stores[i % 2]?.take('contact:race', minute)),
    );
    expect(uncapped.map((result) => result?.count).sort((a = 0, b = 0) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });
});

describe.runIf(postgres)('migrations started by two instances at once', () => {
  it('both succeed on a fresh database, and each migration ran once', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `jotlist_m_${randomBytes(6).toString('hex')}`;
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(text);
      await client.end();
    };
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const instances = [
      openDatabase({ databaseUrl: url.toString() }),
      openDatabase({ databaseUrl: url.toString() }),
    ];
    try {
      const applied = await Promise.all(instances.map((instance) => migrateToLatest(instance.db)));
      const all = Object.keys(await migrationProvider.getMigrations());
      // One ran them all; the other waited for the lock and found nothing left to do.
      expect(applied.map((names) => names.length).sort((a, b) => a - b)).toEqual([0, all.length]);
      const rows = await instances[0]?.db
        .selectFrom('kysely_migration' as never)
        .selectAll()
        .execute();
      expect(rows?.length).toBe(all.length);
    } finally {
      for (const instance of instances) await instance.close();
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
