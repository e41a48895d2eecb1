import type { Insertable, Selectable } from 'kysely';
import type { Db, DbEngine } from '../db/database.ts';
import type { JobsTable } from '../db/schema.ts';

export type JobRow = Selectable<JobsTable>;

/** Inserts a job; a job whose dedupe key is already taken is dropped (answers false). */
export async function insertJob(db: Db, row: Insertable<JobsTable>): Promise<boolean> {
  const result = await db
    .insertInto('jobs')
    .values(row)
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/**
 * Claims up to `limit` due jobs for `workerId` until `lockedUntil`, counting the attempt. On PostgreSQL
 * `FOR UPDATE SKIP LOCKED` lets several instances claim at once without taking the same row; SQLite has
 * one writer at a time, so the UPDATE itself is the lock. A claim whose lease ran out (its worker died)
 * is due again.
 */
export function claimJobs(
  db: Db,
  engine: DbEngine,
  claim: { workerId: string; now: string; lockedUntil: string; limit: number },
): Promise<JobRow[]> {
  return db
    .updateTable('jobs')
    .set((eb) => ({
      locked_by: claim.workerId,
      locked_until: claim.lockedUntil,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('done_at', 'is', null)
        .where('dead_at', 'is', null)
        .where('run_at', '<=', claim.now)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', claim.now)]))
        .orderBy('run_at')
        .limit(claim.limit)
        .$if(engine === 'postgres', (query) => query.forUpdate().skipLocked()),
    )
    .returningAll()
    .execute();
}

/** Extends this worker's claim on a running job (nothing happens if the claim was lost). */
export async function renewLease(db: Db, job: JobRow, lockedUntil: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ locked_until: lockedUntil })
    .where('id', '=', job.id)
    .where('locked_by', '=', job.locked_by)
    .where('done_at', 'is', null)
    .execute();
}

/**
 * The outcomes below apply only while this worker still holds the claim (`locked_by`): a worker whose
 * lease ran out and was taken over must not undo the new owner's state.
 */

/** Done: a job with a dedupe key is kept (marked) so the key is never run again; others are deleted. */
export async function finishJob(db: Db, job: JobRow, at: string): Promise<void> {
  if (job.dedupe_key === null) {
    await db.deleteFrom('jobs').where('id', '=', job.id).where('locked_by', '=', job.locked_by).execute();
    return;
  }
  await db
    .updateTable('jobs')
    .set({ done_at: at, locked_until: null, locked_by: null, last_error: null })
    .where('id', '=', job.id)
    .where('locked_by', '=', job.locked_by)
    .execute();
}

/** Failed with attempts left: run again at `runAt`. */
export async function retryJob(db: Db, job: JobRow, runAt: string, error: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ run_at: runAt, locked_until: null, locked_by: null, last_error: error })
    .where('id', '=', job.id)
    .where('locked_by', '=', job.locked_by)
    .execute();
}

/** Out of attempts: kept, never run again, for a person to look at. */
export async function buryJob(db: Db, job: JobRow, at: string, error: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ dead_at: at, locked_until: null, locked_by: null, last_error: error })
    .where('id', '=', job.id)
    .where('locked_by', '=', job.locked_by)
    .execute();
}

/** Finished deduplicated jobs older than `before` no longer need to hold their key. */
export async function purgeFinishedJobs(db: Db, before: string): Promise<void> {
  await db.deleteFrom('jobs').where('done_at', '<', before).execute();
}
