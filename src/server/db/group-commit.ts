import { open } from 'node:fs/promises';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';

/**
 * Group commit for the server's SQLite database (docs/performance.md).
 *
 * With synchronous=FULL every commit waits for its own fsync of the write-ahead log, and better-sqlite3
 * waits on the event loop's thread: under a burst of creates the server did nothing else for that time,
 * one commit after another. Here the connection commits with synchronous=NORMAL (the commit's frames
 * are written to the log, which survives a crash of the process, without waiting for the disk), and a
 * request that saw a write is answered only after an fsync of the log that started after that write:
 * done off the event loop's thread, and shared by every write that came before it. So a 2xx still means
 * the write is on disk, as it did with FULL.
 *
 * Why this is sound: a WAL commit only appends frames to the log, and recovery replays the log up to
 * its last complete commit, so once the log's bytes are on disk so is every commit in them. A checkpoint
 * syncs the log before copying it into the database file and the file after (NORMAL keeps those), so
 * syncing the log file we opened, which SQLite never replaces while the connection is open, is enough.
 * The restore command refuses to run while the server has the database open.
 */
export interface GroupCommit {
  /** Resolves once every write that ran on the connection before this call is on disk. */
  sync(): Promise<void>;
  /** The write count now (compare it later to know whether anything was written in between). */
  writes(): number;
  /** Waits for a sync in flight and closes the log's file handle. */
  close(): Promise<void>;
}

/** How to flush a file to disk (node's, unless a test wraps it to watch the order of events). */
export type Fsync = (path: string, handle: { sync(): Promise<void> }) => Promise<void>;

const nodeFsync: Fsync = (_path, handle) => handle.sync();

/**
 * Switches a SQLite file database to group commit; answers null for PostgreSQL (its commits are the
 * database server's business), for `:memory:` (nothing is durable there) and without WAL.
 */
export async function startGroupCommit(
  database: DatabaseHandle,
  fsync: Fsync = nodeFsync,
): Promise<GroupCommit | null> {
  const { sqlitePath, sqliteWrites } = database;
  if (database.engine !== 'sqlite' || !sqlitePath || !sqliteWrites) return null;
  // Only a write-ahead log can be synced on its own; a file system where SQLite could not use one keeps
  // FULL (every commit waits for the disk, as before).
  const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
  if (rows[0]?.journal_mode !== 'wal') return null;
  await sql`pragma synchronous = normal`.execute(database.db);
  const logPath = `${sqlitePath}-wal`;
  let log: Awaited<ReturnType<typeof open>> | null = null;

  /** The write count when the last completed sync started: everything up to it is on disk. */
  let durable = sqliteWrites();
  let running: { upTo: number; done: Promise<void> } | null = null;
  let queued: Promise<void> | null = null;

  const start = (): Promise<void> => {
    const upTo = sqliteWrites();
    const done = (async () => {
      // Opened on first use: the log exists once something was written.
      log ??= await open(logPath, 'r+');
      await fsync(logPath, log);
      durable = Math.max(durable, upTo);
    })().finally(() => {
      running = null;
    });
    running = { upTo, done };
    return done;
  };

  const sync = (): Promise<void> => {
    const now = sqliteWrites();
    if (now <= durable) return Promise.resolve();
    if (running && now <= running.upTo) return running.done;
    if (!running) return start();
    // The sync in flight may have started before this caller's writes: once it ends, ask again (a sync
    // another caller started meanwhile may cover them; else a new one starts).
    queued ??= running.done
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return sync();
      });
    return queued;
  };

  return {
    sync,
    writes: sqliteWrites,
    async close() {
      await Promise.allSettled([running?.done, queued]);
      await log?.close();
      log = null;
    },
  };
}
