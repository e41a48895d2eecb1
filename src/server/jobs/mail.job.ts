import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { seal, unseal } from '../security/sealed-box.ts';
import { defineJob } from './queue.ts';

/**
 * One mail, sent by the worker and retried with backoff when the mail server fails. The message is
 * sealed with the app's key: mails carry single-use links, and the database stores only hashes of those.
 */
export const mailJob = defineJob({
  kind: 'mail.send',
  payload: z.object({ sealed: z.string() }),
  maxAttempts: 10,
  async run(deps, { sealed }) {
    await deps.mailer.send(JSON.parse(unseal(deps.secretKey, sealed)) as MailMessage);
  },
});

/** Writes the mail as a job, in the caller's transaction when `db` is one; wakeJobs after it commits. */
export async function enqueueMail(db: Db, deps: AppDeps, message: MailMessage): Promise<void> {
  await mailJob.enqueue(db, deps.now(), { sealed: seal(deps.secretKey, JSON.stringify(message)) });
}
