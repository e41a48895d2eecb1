import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strongPassword, uniqueEmail } from '../test/auth-helpers.ts';
import { freePort, type RealServer, startRealServer } from '../test/real-server.ts';
import { type SmtpSink, startSmtpSink } from '../test/smtp-sink.ts';

/**
 * docs/ARCHITECTURE.md: work promised by a 202 survives a crash. The first server cannot reach any mail server
 * (its SMTP port is closed), so only the restarted one can deliver: the confirmation mail arriving
 * proves the sign-up was durable before the answer, whether the kill landed before, during or after
 * the job's first run. Ten rounds, each with its own database.
 */
describe('background work across kill -9', () => {
  let sink: SmtpSink;
  const dirs: string[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each(Array.from({ length: 10 }, (_, round) => round + 1))(
    'round %i: the confirmation mail of a sign-up answered just before the kill is sent after restart',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'jotlist-crash-'));
      dirs.push(dataDir);
      // A short lease: a job the killed server had claimed comes back within a second.
      const env = { DATA_DIR: dataDir, JOB_LEASE_SECONDS: '1' };
      const deadSmtp = `smtp://127.0.0.1:${await freePort()}`;
      let server: RealServer | null = await startRealServer({ ...env, SMTP_URL: deadSmtp });
      const email = uniqueEmail('crash');
      try {
        const res = await fetch(`${server.baseURL}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: strongPassword, confirmPassword: strongPassword }),
        });
        expect(res.status).toBe(202);
        await server.crash();
        server = await startRealServer({ ...env, SMTP_URL: sink.url });
        const mail = await sink.waitFor(
          (m) => m.to.includes(email) && m.subject.includes('Confirm your Jotlist account'),
          30_000,
        );
        expect(mail.text).toContain('/auth/callback?token=');
      } finally {
        await server?.stop();
      }
    },
    60_000,
  );
});
