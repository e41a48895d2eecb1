import { describeDatabaseError, isDatabaseUnavailable } from './connection-errors.ts';
import { type Db, migrateToLatest } from './database.ts';

export interface StartupRetry {
  /** First wait after a failed attempt; doubled per failure up to `maxDelayMs`, ±20 % jitter. */
  minDelayMs: number;
  maxDelayMs: number;
}

const defaults: StartupRetry = { minDelayMs: 1_000, maxDelayMs: 15_000 };

/**
 * Start-up's first contact with the database (the migrations), repeated while the database cannot be
 * reached: a PostgreSQL still starting, restarting or not yet reachable after a reboot. Exiting instead
 * would make a supervisor (systemd `Restart=`) start the process again and again until it gave up;
 * waiting here, with one clear line per attempt, serves as soon as the database is back. Any other
 * failure (a wrong password, a broken migration) is thrown: waiting would not mend it.
 */
export async function migrateWhenReachable(
  db: Db,
  log: { warn(details: object, message: string): void },
  retry: StartupRetry = defaults,
): Promise<string[]> {
  for (let failures = 0; ; failures++) {
    try {
      return await migrateToLatest(db);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const base = Math.min(retry.minDelayMs * 2 ** failures, retry.maxDelayMs);
      const delayMs = Math.round(base * (0.8 + Math.random() * 0.4));
      const reason = describeDatabaseError(error);
      log.warn(
        { event: 'db.unavailable_at_start', reason, retryInMs: delayMs },
        `database unavailable at start-up (${reason}); retrying in ${(delayMs / 1000).toFixed(1)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
