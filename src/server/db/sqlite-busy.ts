/**
 * Whether an error is SQLite's "the database is busy" (another connection holds the lock: the backup
 * import's worker, a checkpoint, a restore) rather than "this query is wrong": the first is worth
 * retrying shortly (503 with Retry-After), the second is a bug (500). better-sqlite3 gives the extended
 * result code as the error's `code`: SQLITE_BUSY, SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_RECOVERY,
 * SQLITE_BUSY_TIMEOUT. Also looks at a `cause`, as Kysely or a service may wrap the error.
 */
export function isSqliteBusy(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if ('code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY')) return true;
  return 'cause' in error && isSqliteBusy(error.cause, depth + 1);
}
