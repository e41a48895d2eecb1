import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../db/database.ts';
import type { RateLimitStore, Take } from '../deps.ts';

/**
 * Every abuse counter of the app (sign-in, sign-up, mail, re-authentication, contact, import, feed…) goes
 * through one store (RateLimitStore in deps.ts: counters that limit abuse are shared by all instances). A
 * key's window starts at its first attempt and lasts `windowMs`; attempts after it start a new one.
 *
 * - PostgreSQL (several instances may share the database): one row per key in `rate_limits`, counted by a
 *   single atomic upsert, so two instances counting at once never both get the last place.
 * - SQLite (one process by construction): a Map in memory, the same rules.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  #lastSweep = 0;

  constructor(private readonly now: () => Date) {}

  async take(key: string, windowMs: number, cap?: number): Promise<Take> {
    const now = this.now().getTime();
    // Memory stays bounded by recent traffic without waiting for the hourly job.
    if (now - this.#lastSweep >= 60_000) this.#sweepAt(now);
    const current = this.#windows.get(key);
    if (!current || current.resetAt <= now) {
      if (cap !== undefined && cap < 1) return { counted: false, count: 0, resetAt: now, ttlMs: 0 };
      const fresh = { count: 1, resetAt: now + windowMs };
      this.#windows.set(key, fresh);
      return { counted: true, ...fresh, ttlMs: windowMs };
    }
    const ttlMs = current.resetAt - now;
    if (cap !== undefined && current.count >= cap) {
      return { counted: false, count: current.count, resetAt: current.resetAt, ttlMs };
    }
    current.count += 1;
    return { counted: true, count: current.count, resetAt: current.resetAt, ttlMs };
  }

  async giveBack(key: string, resetAt: number): Promise<void> {
    const current = this.#windows.get(key);
    if (current && current.resetAt === resetAt && current.count > 0) current.count -= 1;
  }

  async clear(key: string): Promise<void> {
    this.#windows.delete(key);
  }

  async sweep(): Promise<number> {
    return this.#sweepAt(this.now().getTime());
  }

  #sweepAt(now: number): number {
    this.#lastSweep = now;
    let removed = 0;
    for (const [key, window] of this.#windows) {
      if (window.resetAt <= now) {
        this.#windows.delete(key);
        removed++;
      }
    }
    return removed;
  }
}

/** PostgreSQL only: the SQL below is written for it (SQLite's counters live in memory). */
export class PostgresRateLimitStore implements RateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async take(key: string, windowMs: number, cap?: number): Promise<Take> {
    const now = this.now();
    const nowIso = now.toISOString();
    const freshReset = new Date(now.getTime() + windowMs).toISOString();
    // One statement: a new key, an expired window (restarted at 1) and a running one (+1) are all decided
    // under the row's lock. With a cap, the conflict branch updates only below it; a full key updates
    // nothing and returns no row, which is the refusal.
    const capped =
      cap === undefined ? sql`` : sql`where rate_limits.reset_at <= ${nowIso} or rate_limits.count < ${cap}`;
    const { rows } = await sql<{ count: number; reset_at: string }>`
      insert into rate_limits (key, count, reset_at) values (${key}, 1, ${freshReset})
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= ${nowIso} then excluded.reset_at else rate_limits.reset_at end
      ${capped}
      returning count, reset_at`.execute(this.db);
    const row = rows[0];
    if (row) return this.#result(true, row.count, row.reset_at, now);
    const full = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'reset_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    return this.#result(false, full?.count ?? 0, full?.reset_at ?? freshReset, now);
  }

  async giveBack(key: string, resetAt: number): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('reset_at', '=', new Date(resetAt).toISOString())
      .where('count', '>', 0)
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async sweep(): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_limits')
      .where('reset_at', '<=', this.now().toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  #result(counted: boolean, count: number, resetIso: string, now: Date): Take {
    const resetAt = new Date(resetIso).getTime();
    return { counted, count, resetAt, ttlMs: Math.max(0, resetAt - now.getTime()) };
  }
}

/** The app's one store (made once per app, app.ts): shared rows on PostgreSQL, memory on SQLite. */
export function createRateLimitStore(database: DatabaseHandle, now: () => Date): RateLimitStore {
  return database.engine === 'postgres'
    ? new PostgresRateLimitStore(database.db, now)
    : new MemoryRateLimitStore(now);
}
