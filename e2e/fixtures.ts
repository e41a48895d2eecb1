/**
 * Playwright fixtures for Jotlist journeys. Import `test` and `expect` from here, not from
 * '@playwright/test':
 *
 *   import { expect, test } from './fixtures.ts';
 *
 *   test('a visitor reads the about page', async ({ page, server }) => {
 *     await page.goto('/about');                       // baseURL is the server started for this worker
 *     const mail = await server.smtp.waitFor((m) => m.to.includes('ann@example.com'));
 *   });
 *
 * `server` (one per worker, shared by that worker's tests) is the REAL server, `node --import tsx
 * src/server/main.ts`, on a free port with a fresh DATA_DIR (so a temporary SQLite database), mailing a
 * real SMTP sink:
 *   - `server.baseURL`  e.g. http://127.0.0.1:41234 (also Playwright's `baseURL`, so `page.goto('/x')`
 *                       and `request.post('/api/...')` work)
 *   - `server.smtp`     the sink: `messages` and `waitFor(predicate, timeoutMs?)` (src/server/test/smtp-sink.ts)
 *   - `server.dataDir`  the server's DATA_DIR
 * Tests share the worker's database: make each test's data unique (e.g. an e-mail with a random part).
 *
 * A spec file that needs other server settings sets them for its own worker:
 *   test.use({ serverEnv: { ADMIN_EMAILS: 'admin@jotlist.test' } });
 *
 * A spec file whose server must know another local service at start-up (a fake Google whose port is only
 * known once it runs) names a starter; it runs before this worker's server, its `env` is added to the
 * server's, and it is closed after the server stops (e2e/calendar-sync.spec.ts). An object holding the
 * starter, because Playwright would take a bare function for a fixture:
 *   test.use({ serverPeerSetup: { start: async () => {
 *     const google = await startFakeGoogle();
 *     return { env: { GOOGLE_API_BASE: google.url, … }, close: () => google.close() };
 *   } } });
 *
 * A journey that starts with an account: `createConfirmedAccount(server)` in e2e/accounts.ts signs up and
 * confirms through the API and the sink. The server limits auth requests per client address, and every
 * browser here is 127.0.0.1; it trusts X-Forwarded-For from loopback (TRUST_PROXY=loopback, set below;
 * the product's default trusts no proxy), so a journey that signs up or in
 * many times can speak from its own address: `page.setExtraHTTPHeaders({ 'x-forwarded-for': '10.9.0.1' })`.
 *
 * The built client comes from E2E_CLIENT_DIR (scripts/test.mjs or e2e/global-setup.ts set it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { freePort } from '../src/server/test/real-server.ts';
import { type SmtpSink, startSmtpSink } from '../src/server/test/smtp-sink.ts';

export interface JotlistServer {
  baseURL: string;
  smtp: SmtpSink;
  dataDir: string;
}

/** A local service this worker's server talks to, started before it (see the header). */
export interface ServerPeer {
  /** Added to the server's environment, after `serverEnv`. */
  env: Record<string, string>;
  close(): Promise<void>;
}

interface WorkerFixtures {
  /** Extra environment for this worker's server; overrides the defaults below. */
  serverEnv: Record<string, string>;
  /** Starts this worker's server peer, when the spec file needs one (see the header). */
  serverPeerSetup: { start(): Promise<ServerPeer> } | null;
  serverPeer: ServerPeer | null;
  server: JotlistServer;
}

const root = join(import.meta.dirname, '..');
const STARTUP_TIMEOUT_MS = 30_000;
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited during start-up (${child.exitCode ?? child.signalCode}):\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer /api/health within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export const test = base.extend<{ baseURL: string }, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  serverPeerSetup: [null, { scope: 'worker', option: true }],

  serverPeer: [
    async ({ serverPeerSetup }, use) => {
      const peer = serverPeerSetup ? await serverPeerSetup.start() : null;
      await use(peer);
      await peer?.close();
    },
    { scope: 'worker' },
  ],

  server: [
    async ({ serverEnv, serverPeer }, use, workerInfo) => {
      const clientDir = process.env.E2E_CLIENT_DIR;
      if (!clientDir)
        throw new Error('E2E_CLIENT_DIR is not set: run through `npm test` or `npx playwright test`');
      const smtp = await startSmtpSink();
      const dataDir = mkdtempSync(join(tmpdir(), `jotlist-e2e-w${workerInfo.workerIndex}-`));
      const port = await freePort();
      const baseURL = `http://127.0.0.1:${port}`;

      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: baseURL,
          DATA_DIR: dataDir,
          SMTP_URL: smtp.url,
          CLIENT_DIR: clientDir,
          SUPPORT_EMAIL: 'support@jotlist.test',
          LOG_LEVEL: 'warn',
          // Journeys speak from their own client address through X-Forwarded-For (see above).
          TRUST_PROXY: 'loopback',
          // The test runner's DATABASE_URL must never point the journeys at a real database.
          DATABASE_URL: '',
          ...serverEnv,
          ...serverPeer?.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // Warnings and errors the server logs are worth seeing next to a failing journey.
      let output = '';
      const keep = (chunk: Buffer) => {
        const text = chunk.toString();
        output += text;
        process.stderr.write(text.replace(/^(?=.)/gm, `[server w${workerInfo.workerIndex}] `));
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);

      const stop = async (): Promise<string | null> => {
        const diedEarly = child.exitCode !== null || child.signalCode !== null;
        child.kill('SIGTERM');
        const exited = await waitForExit(child, SHUTDOWN_TIMEOUT_MS);
        if (!exited) child.kill('SIGKILL');
        await smtp.close();
        rmSync(dataDir, { recursive: true, force: true });
        if (diedEarly) return `The server stopped during the journeys:\n${output}`;
        if (!exited) return `The server did not exit within ${SHUTDOWN_TIMEOUT_MS} ms of SIGTERM`;
        if (child.exitCode !== 0) return `The server did not shut down cleanly (exit ${child.exitCode})`;
        return null;
      };

      try {
        await waitForHealth(baseURL, child, () => output);
      } catch (error) {
        await stop();
        throw error;
      }
      await use({ baseURL, smtp, dataDir });
      const problem = await stop();
      if (problem) throw new Error(problem);
    },
    { scope: 'worker', timeout: STARTUP_TIMEOUT_MS + SHUTDOWN_TIMEOUT_MS + 5_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

export { expect };
