import { z } from 'zod';
import { enqueueMail } from '../../jobs/mail.job.ts';
import { defineJob } from '../../jobs/queue.ts';
import { signInLinkMail } from './auth-mails.ts';
import { issueAuthToken } from './single-use-tokens.ts';
import { findUserByEmail } from './users.repo.ts';

/**
 * A one-time sign-in link (docs/PRODUCT.md §10.2) when the address has an account; nothing otherwise. Runs after
 * the 202, like the other account mails (auth.jobs.ts), so the answer never tells who is registered.
 */
export const signInLinkJob = defineJob({
  kind: 'auth.signin_link',
  payload: z.object({ email: z.string(), appUrl: z.string().optional() }),
  async run(deps, { email, appUrl = deps.config.APP_URL }, { log }) {
    const user = await findUserByEmail(deps.database.db, email);
    if (!user) return;
    await deps.database.db.transaction().execute(async (trx) => {
      const token = await issueAuthToken(trx, deps.now(), user.id, 'signin_link');
      await enqueueMail(trx, deps, signInLinkMail(appUrl, email, token));
    });
    log.info({ event: 'auth.signin_link_sent', userId: user.id }, 'sign-in link mail queued');
  },
});
