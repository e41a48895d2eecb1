import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailMessage } from './mail-message.ts';
import { outboxMessage } from './outbox-message.ts';

export type { MailMessage } from './mail-message.ts';

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export type MailerOptions = { from: string; logger: { info(details: object, message: string): void } } & (
  | { smtpUrl: string }
  | {
      outboxDir: string;
      /** Where the readable line of each outbox mail goes; the terminal (stderr) unless a test listens. */
      terminal?: (line: string) => void;
    }
);

const linkPattern = /https?:\/\/[^\s"'<>]+/g;

/**
 * SMTP when SMTP_URL is set; otherwise every mail is written to `$DATA_DIR/outbox/<time>-<to>.eml` and a
 * readable line with its links is printed to the terminal, so a fresh install can confirm accounts
 * without a mail server. The links never go into the structured log: log shippers keep it, and a
 * confirmation or reset link is a password for whoever reads it. (An https APP_URL without SMTP_URL is
 * refused at start, config.ts: outbox mode is for a person trying Jotlist on their own machine.)
 */
export function createMailer(options: MailerOptions): Mailer {
  if ('smtpUrl' in options) {
    // Short timeouts: a request that sends mail must not hang for nodemailer's 2-minute defaults
    // when the mail server stops answering.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }

  const { outboxDir, logger } = options;
  const terminal = options.terminal ?? ((line: string) => process.stderr.write(`${line}\n`));
  return {
    async send(message) {
      // Mails carry sign-in and reset links: readable by this user only.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, outboxMessage(options.from, message), { mode: 0o600 });
      const links = message.text.match(linkPattern) ?? [];
      terminal(`Mail to ${message.to}: "${message.subject}"${links.length ? ` → ${links.join('  ')}` : ''}`);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
    close: () => {},
  };
}
