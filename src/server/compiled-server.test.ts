import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { backupArrays } from '../shared/domain/backup-format.ts';
import { freePort } from './test/real-server.ts';

const root = join(import.meta.dirname, '../..');

// `npm start` runs the server compiled to JavaScript (scripts/build-server.mjs), not through tsx.
describe('the compiled server', () => {
  let dir: string;
  let outdir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jotlist-compiled-'));
    // Inside the repository, as dist/server is: the bundle finds its packages in node_modules from there.
    mkdirSync(join(root, 'dist'), { recursive: true });
    outdir = mkdtempSync(join(root, 'dist', 'test-server-'));
    await buildServer({ outdir });
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  });

  it('finds every file it loads by path beside the bundle', () => {
    const bundle = readFileSync(join(outdir, 'main.js'), 'utf8');
    const loaded = [...bundle.matchAll(/new URL\("\.\/([^"]+)", import\.meta\.url\)/g)].map((m) => m[1]);
    // The SQLite backup's worker thread, at least.
    expect(loaded).toContain('vacuum-worker.mjs');
    for (const name of loaded) expect(existsSync(join(outdir, name as string)), name).toBe(true);
  });

  it("builds the backup import's worker thread beside the bundle, and it runs with plain node", async () => {
    const bundle = readFileSync(join(outdir, 'main.js'), 'utf8');
    // Started by a URL the code makes at run time (`.ts` from the sources, `.js` compiled).
    expect(bundle).toContain('./backup-import-worker.');
    const file = join(dir, 'backup.json');
    const arrays = Object.fromEntries(backupArrays.map((name) => [name, []]));
    writeFileSync(file, JSON.stringify({ version: '1.0.0', exportedAt: 'now', userId: 'u', ...arrays }));
    const worker = new Worker(join(outdir, 'backup-import-worker.js'), { execArgv: [] });
    try {
      // It says it is ready once loaded (warmImportWorker waits for that), then answers the job.
      const said: unknown[] = [];
      const answer = new Promise((resolve, reject) => {
        worker.on('message', (message: { kind: string }) => {
          said.push(message);
          if (message.kind !== 'ready') resolve(message);
        });
        worker.once('error', reject);
      });
      const job = { userId: 'u', now: new Date().toISOString(), clearExisting: false };
      const data = { file, job, dryRun: true, sqlitePath: null, sqliteKey: null, askBeforeInsert: false };
      worker.postMessage({ kind: 'job', data });
      expect(await answer).toMatchObject({ kind: 'done', outcome: { skippedCount: 0 } });
      expect(said[0]).toEqual({ kind: 'ready' });
    } finally {
      await worker.terminate();
    }
  });

  it('starts with plain node, migrates a new database and answers', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [join(outdir, 'main.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        DATABASE_URL: '',
        DATA_DIR: join(dir, 'data'),
        CLIENT_DIR: join(dir, 'no-client-build'),
        // Nothing of tsx may be inherited from the test runner.
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const health = async () => {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
        return res ? ((await res.json()) as unknown) : errors;
      };
      await expect.poll(health, { timeout: 30_000, interval: 100 }).toEqual({
        status: 'ok',
        database: 'sqlite',
      });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    // Start-up on a busy machine (migrations on a new database included) can take a while.
  }, 40_000);
});
