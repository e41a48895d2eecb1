import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export type MailerOptions = { from: string; logger: { info(details: object, message: string): void } } & (
  | { smtpUrl: string }
  | { outboxDir: string }
);

const linkPattern = /https?:\/\/[^\s"'<>]+/g;

/**
 * SMTP when SMTP_URL is set; otherwise every mail is written to `$DATA_DIR/outbox/<time>-<to>.eml`
 * and its subject and links are logged, so a fresh install can confirm accounts without a mail server.
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

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const { outboxDir, logger } = options;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(linkPattern) ?? [];
      logger.info({ to: message.to, subject: message.subject, links, file }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
