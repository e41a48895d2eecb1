// Time for the workspace to show its tree in Chromium with the 10,000-page account (issue 4): the real
// server (node --import tsx src/server/main.ts) serving a fresh client build on the seeded SQLite file,
// a browser signed in with that account's session cookies, and navigation start → first notebook row
// visible in the sidebar. Figures only, never asserted.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { createSession } from '../src/server/modules/auth/sessions.service.ts';
import { freePort } from '../src/server/test/real-server.ts';
import type { Benchmark } from './benchmark.ts';
import { benchDeps, createBenchUser, seedWorkspace } from './notes-api-setup.ts';

const root = join(import.meta.dirname, '..');
const runs = 5;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * Runs in the page before any of its scripts: notes when the first notebook row is in the DOM and
 * visible. A string, not a function: tsx wraps named functions in a helper the page does not have.
 */
const markTreeShown = `
  const row = () => document.querySelector('ul[aria-label="Notebooks"] > li');
  const check = () => {
    if (window.__treeShownAt === undefined && row()?.checkVisibility()) {
      window.__treeShownAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  // A row can also become visible without a DOM change (a stylesheet arriving): check every frame too.
  const frame = () => {
    check();
    if (window.__treeShownAt === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
`;

/** Seeds $DATA_DIR/jotlist.db (where main.ts looks) and returns a session for the seeded account. */
async function seed(dataDir: string) {
  const handle = openDatabase({ sqlitePath: join(dataDir, 'jotlist.db') });
  try {
    await migrateToLatest(handle.db);
    const deps = benchDeps(handle, dataDir);
    const userId = await createBenchUser(deps);
    const seeded = await seedWorkspace(deps, userId);
    const session = await createSession(deps, userId, { rememberMe: true, userAgent: 'bench' });
    return { seeded, session };
  } finally {
    await handle.close();
  }
}

async function startServer(dataDir: string, clientDir: string) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The seeded SQLite file, never a database from the caller's environment.
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 30 s');
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

export async function runWorkspaceTreeBench(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'jotlist-bench-tree-'));
  const clientDir = await mkdtemp(join(tmpdir(), 'jotlist-bench-tree-client-'));
  try {
    const { seeded, session } = await seed(dataDir);
    console.log(
      `  seeded ${seeded.pages.toLocaleString('en-US')} pages (10 notebooks × 20 sections × 50 pages) on SQLite`,
    );
    await build({
      root,
      logLevel: 'warn',
      build: { outDir: clientDir, emptyOutDir: true, sourcemap: false },
    });
    const server = await startServer(dataDir, clientDir);
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const cookie = { domain: '127.0.0.1', httpOnly: true, sameSite: 'Lax' as const, secure: false };
      await context.addCookies([
        { ...cookie, name: 'jl_access', value: session.accessToken, path: '/api' },
        { ...cookie, name: 'jl_refresh', value: session.refreshToken, path: '/api/auth' },
      ]);
      await context.addInitScript({ content: markTreeShown });

      // One load of /app: navigation start → first notebook row visible, and the tree as it travelled.
      const load = async () => {
        const page = await context.newPage();
        try {
          const tree = page.waitForResponse((res) => res.url().endsWith('/api/notes/tree'));
          const wall = performance.now();
          await page.goto(`${server.baseURL}/app`);
          await page.locator('ul[aria-label="Notebooks"] > li').first().waitFor({ state: 'visible' });
          const wallMs = performance.now() - wall;
          const shownAt = (await (
            await page.waitForFunction(() => (window as unknown as { __treeShownAt?: number }).__treeShownAt)
          ).jsonValue()) as number;
          const response = await tree;
          const sizes = await response.request().sizes();
          const body = await response.body();
          return { shownAt, wallMs, wire: sizes.responseBodySize, json: body.length };
        } finally {
          await page.close();
        }
      };

      const first = await load(); // empty HTTP cache: also downloads the client
      const times: number[] = [];
      const walls: number[] = [];
      let last = first;
      for (let i = 0; i < runs; i++) {
        last = await load();
        times.push(last.shownAt);
        walls.push(last.wallMs);
      }
      times.sort((a, b) => a - b);
      walls.sort((a, b) => a - b);
      const mid = Math.floor(runs / 2);
      console.log(`  tree response: ${kb(last.json)} of JSON, ${kb(last.wire)} on the wire (compressed)`);
      console.log(
        `  first visit (empty cache, client downloaded too): ${ms(first.shownAt)} to the first notebook row`,
      );
      console.log(
        `  ${runs} further visits (client cached): navigation start → first notebook row visible ` +
          `p50 ${ms(times[mid] ?? Number.NaN)}, max ${ms(times[runs - 1] ?? Number.NaN)}` +
          `  (wall clock around page.goto: p50 ${ms(walls[mid] ?? Number.NaN)}, max ${ms(walls[runs - 1] ?? Number.NaN)})`,
      );
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  }
}

export const workspaceTreeBenchmark: Benchmark = {
  name: 'workspace-tree',
  title: 'Chromium: navigation start to the workspace tree shown, with the 10,000-page account',
  run: runWorkspaceTreeBench,
};

if (import.meta.main) await runWorkspaceTreeBench();
