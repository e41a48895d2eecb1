import { randomUUID } from 'node:crypto';
import type { MailMessage } from './mail-message.ts';

/**
 * Builds the `.eml` file of an outbox mail by hand, with 8bit (or 7bit) bodies: a person opens these
 * files to copy a link, and nodemailer always quoted-printable-encodes text with lines over 76
 * characters, which cuts every link with `=` line breaks. RFC 5322 allows 998-octet lines; our mails'
 * longest line is a link of about 120.
 */
export function outboxMessage(from: string, message: MailMessage, date = new Date()): string {
  const headers = [
    `From: ${headerValue(from)}`,
    `To: ${headerValue(message.to)}`,
    ...(message.replyTo ? [`Reply-To: ${headerValue(message.replyTo)}`] : []),
    `Subject: ${encodedWord(headerValue(message.subject))}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${randomUUID()}@jotlist.outbox>`,
    'MIME-Version: 1.0',
  ];
  if (!message.html) return [...headers, ...textPart('text/plain', message.text)].join('\n');
  const boundary = `jotlist-${randomUUID()}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...textPart('text/plain', message.text),
    `--${boundary}`,
    ...textPart('text/html', message.html),
    `--${boundary}--`,
    '',
  ].join('\n');
}

function textPart(type: string, body: string): string[] {
  const sevenBit = /^\p{ASCII}*$/u.test(body);
  return [
    `Content-Type: ${type}; charset=utf-8`,
    `Content-Transfer-Encoding: ${sevenBit ? '7bit' : '8bit'}`,
    '',
    body.replace(/\r\n?/g, '\n'),
    '',
  ];
}

/** A header value on one line: a line break inside one would start a header of the sender's choosing. */
const headerValue = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** RFC 2047 for a subject with non-ASCII characters (addresses stay as written, RFC 6532). */
function encodedWord(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  return `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}
