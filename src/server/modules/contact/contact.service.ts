import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactRequest } from '../../../shared/schemas/contact.ts';
import type { AppDeps } from '../../deps.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { insertContactSubmission, markContactSubmissionMailed } from './contact.repo.ts';

export interface ContactRequestMeta {
  ip: string | null;
  /** The request's logger, so a mail failure is logged with its request id. */
  log: FastifyBaseLogger;
}

/**
 * Keeps a contact message and forwards it to SUPPORT_EMAIL with Reply-To set to the sender, so the
 * team answers with their mail client's Reply.
 *
 * Decision on mail failure: the message is already stored and the team reads stored submissions,
 * so a failed send still counts as received. Telling the sender "Failed to send" would make them send
 * it again (a duplicate) for a problem that is ours, not theirs. The failure is logged as an error with
 * the request id, and the row keeps `mailed_at` null so unmailed submissions can be found and resent.
 */
export async function submitContactMessage(
  deps: AppDeps,
  input: ContactRequest,
  meta: ContactRequestMeta,
): Promise<void> {
  // A filled honeypot is a bot: drop it without a trace, and answer as if it worked (no signal to tune on).
  if (input.website?.trim()) {
    meta.log.info({ ip: meta.ip }, 'contact form honeypot filled; submission dropped');
    return;
  }

  const id = randomUUID();
  const createdAt = deps.now().toISOString();
  await insertContactSubmission(deps.database.db, {
    id,
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    ip: meta.ip,
    created_at: createdAt,
    mailed_at: null,
  });

  try {
    await deps.mailer.send(supportMail(deps.config.SUPPORT_EMAIL, id, createdAt, input));
  } catch (error) {
    meta.log.error({ err: error, submissionId: id }, 'contact mail to support failed; submission kept');
    return;
  }
  await markContactSubmissionMailed(deps.database.db, id, deps.now().toISOString());
}

/** Header values cannot hold line breaks; fold any whitespace run so a pasted subject stays one line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function supportMail(to: string, id: string, createdAt: string, input: ContactRequest): MailMessage {
  return {
    to,
    // Only the bare address: a display name is free text and has no business in a header.
    replyTo: input.email,
    subject: `[Jotlist contact] ${oneLine(input.subject)}`,
    text: [
      `From: ${oneLine(input.name)} <${input.email}>`,
      `Subject: ${oneLine(input.subject)}`,
      `Received: ${createdAt}`,
      `Reference: ${id}`,
      '',
      input.message,
      '',
      '-- ',
      'Sent from the Jotlist contact form. Reply to this e-mail to answer the sender.',
    ].join('\n'),
  };
}
