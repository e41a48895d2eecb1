import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import type { AccountDeletionStep } from '../auth/index.ts';
import { deleteObjects } from './attachment-bytes.ts';
import { bucketFilesOf } from './attachments.repo.ts';

/** Keys per job: one job's payload stays small however many files the account had. */
const batch = 500;

/**
 * A deleted account's files in the bucket: the rows go with the user (cascade), the objects would stay
 * forever. Their ids are captured in the deletion's transaction as durable jobs, so an unreachable
 * bucket or a crash only delays their deletion (the job retries).
 */
export const deleteAccountObjectsJob = defineJob({
  kind: 'attachments.delete_account_objects',
  payload: z.object({ ids: z.array(z.string()) }),
  maxAttempts: 12,
  async run(deps, { ids }, { log }) {
    await deleteObjects(deps, ids);
    log.info({ event: 'attachments.account_objects_deleted', count: ids.length }, 'bucket objects deleted');
  },
});

export function deleteAccountObjects(deps: Pick<AppDeps, 'now'>): AccountDeletionStep {
  return async (trx, userId) => {
    const ids = await bucketFilesOf(trx, userId);
    for (let i = 0; i < ids.length; i += batch) {
      await deleteAccountObjectsJob.enqueue(trx, deps.now(), { ids: ids.slice(i, i + batch) });
    }
  };
}
