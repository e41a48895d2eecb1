import { sql } from 'kysely';
import { type DatabaseHandle, sqliteBusyTimeoutMs } from './database.ts';

/**
 * A pause of the server's own SQLite writes while another connection of the process holds SQLite's
 * one write lock for a long time: the backup import's worker thread (modules/backup), which writes a
 * whole account in one transaction on a connection of its own so that the server's thread goes on
 * answering reads meanwhile (WAL).
 *
 * better-sqlite3 waits for a busy lock synchronously: a write on the server's connection during that
 * transaction would hold the event loop, and so every request, for up to busy_timeout, then fail. So
 * while the pause lasts, write requests (the API writes only through POST/PUT/PATCH/DELETE) and the
 * background writers (the job worker, the search indexer) wait for it asynchronously before they start,
 * and the server's connection has no busy timeout: a write that still runs into the lock fails at once
 * (the background writers retry on their next round) rather than holding the event loop.
 */
export interface WritePause {
  /** Resolves once no pause is in effect or waiting (at once when there is none). */
  idle(): Promise<void>;
  /** Runs `fn` inside a pause, pauses one after another; starts once the server's current transaction ended. */
  during<T>(fn: () => Promise<T>): Promise<T>;
}

// Keyed by the database handle, not by the app: the pause belongs to the one SQLite connection, and the
// backup import and the write hook hold that handle (a WeakMap lets it go with the handle).
const pauses = new WeakMap<DatabaseHandle, WritePause>();

export function writePauseOf(database: DatabaseHandle): WritePause {
  let pause = pauses.get(database);
  if (!pause) {
    pause = createWritePause(database);
    pauses.set(database, pause);
  }
  return pause;
}

function createWritePause(database: DatabaseHandle): WritePause {
  // The last pause asked for: each waits for the one before it.
  let tail: Promise<void> = Promise.resolve();
  return {
    idle() {
      return tail;
    },
    async during(fn) {
      const before = tail;
      let end = () => {};
      tail = new Promise((resolve) => {
        end = resolve;
      });
      await before;
      try {
        // Acquiring the connection waits for a transaction of the server's in flight (it holds it).
        await database.db.connection().execute(async (connection) => {
          await sql`pragma busy_timeout = 0`.execute(connection);
        });
        return await fn();
      } finally {
        await sql`pragma busy_timeout = ${sql.raw(String(sqliteBusyTimeoutMs))}`.execute(database.db);
        end();
      }
    },
  };
}
