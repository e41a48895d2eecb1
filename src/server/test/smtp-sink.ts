import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  /** Envelope recipients, as the SMTP client gave them (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string[];
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: SunkMail[];
  /** Resolves with the first message (already received or yet to come) that matches. */
  waitFor(predicate: (mail: SunkMail) => boolean, timeoutMs?: number): Promise<SunkMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every message it receives, parsed. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: SunkMail[] = [];
  const waiters: Array<{ predicate: (mail: SunkMail) => boolean; resolve: (mail: SunkMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const envelope = session.envelope;
      // postal-mime reads web streams only; a Node stream passed as-is parses as an empty message.
      PostalMime.parse(Readable.toWeb(stream) as ReadableStream<Uint8Array>)
        .then((email) => {
          const mail: SunkMail = {
            to: envelope.rcptTo.map((rcpt) => rcpt.address),
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            subject: email.subject ?? '',
            text: email.text ?? '',
            html: email.html ?? '',
            replyTo: (email.replyTo ?? []).flatMap((a) => ('address' in a && a.address ? [a.address] : [])),
          };
          messages.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.predicate(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    waitFor(predicate, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching mail arrived')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
