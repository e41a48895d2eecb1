import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import PostalMime from 'postal-mime';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { confirmationMail } from '../modules/auth/auth-mails.ts';
import { createMailer } from './mailer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function outboxMailer() {
  const outboxDir = mkdtempSync(join(tmpdir(), 'jotlist-outbox-'));
  dirs.push(outboxDir);
  let log = '';
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    }),
  );
  const terminal: string[] = [];
  const mailer = createMailer({
    outboxDir,
    from: 'Jotlist <no-reply@localhost>',
    logger,
    terminal: (line) => terminal.push(line),
  });
  return { mailer, outboxDir, terminal, log: () => log };
}

describe('outbox mail (no SMTP_URL)', () => {
  const token = 'a'.repeat(43);
  const mail = confirmationMail('http://localhost:3000', 'ann@example.com', token);
  const link = `http://localhost:3000/auth/callback?token=${token}`;

  it('prints the link on one readable terminal line and keeps it out of the JSON log', async () => {
    const { mailer, terminal, log } = outboxMailer();
    await mailer.send(mail);
    expect(terminal).toEqual([`Mail to ann@example.com: "Confirm your Jotlist account" → ${link}`]);
    const entries = log()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ msg: 'mail written to outbox', to: 'ann@example.com' });
    expect(log()).not.toContain(token);
    expect(log()).not.toContain('/auth/callback');
  });

  it('writes an .eml file whose links can be copied as they are (8bit/7bit, not quoted-printable)', async () => {
    const { mailer, outboxDir } = outboxMailer();
    await mailer.send(mail);
    await mailer.send({
      to: 'zoë@example.com',
      subject: 'Réinitialisez — naïve ✓',
      text: `Bonjour Zoë,\n${link}&x=${'b'.repeat(120)}\n`,
      html: `<p>Bonjour Zoë, <a href="${link}">ici</a></p>`,
    });
    const files = readdirSync(outboxDir).sort();
    expect(files).toHaveLength(2);
    for (const file of files) {
      const raw = readFileSync(join(outboxDir, file), 'utf8');
      expect(raw).not.toMatch(/quoted-printable|base64/i);
      // The whole link sits on one line of the file, exactly as mailed.
      expect(raw.split('\n')).toContain(raw.includes('Zoë') ? `${link}&x=${'b'.repeat(120)}` : link);
      const parsed = await PostalMime.parse(raw);
      expect(parsed.text).toContain(link);
    }
    const plain = readFileSync(join(outboxDir, files.find((file) => file.includes('ann')) ?? ''), 'utf8');
    expect(plain).toContain('Content-Transfer-Encoding: 7bit');
    const accented = await PostalMime.parse(
      readFileSync(join(outboxDir, files.find((file) => !file.includes('ann')) ?? ''), 'utf8'),
    );
    expect(accented.subject).toBe('Réinitialisez — naïve ✓');
    expect(accented.html).toContain(`<a href="${link}">`);
  });
});

describe('configuration', () => {
  it('refuses an https APP_URL without SMTP_URL, with one clear message', () => {
    let problems: string[] = [];
    try {
      loadConfig({ APP_URL: 'https://notes.example.com', BILLING: 'test' });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems).toEqual([expect.stringMatching(/^SMTP_URL must be set when APP_URL is https:\/\//)]);
    expect(
      loadConfig({ APP_URL: 'https://notes.example.com', SMTP_URL: 'smtp://mail:25', BILLING: 'test' })
        .APP_URL,
    ).toBe('https://notes.example.com');
    expect(loadConfig({ APP_URL: 'http://localhost:3000' }).SMTP_URL).toBeUndefined();
  });
});
