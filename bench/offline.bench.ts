// Opening the app offline with 10,000 pages kept on the device (docs/performance.md: the tree shows in
// ≤ 500 ms): the real server and a fresh client build, a 10,000-page account, Chromium signed in with its
// session cookies. One online visit installs the service worker and fills the account's IndexedDB store
// (the tree, the first section's pages, and the palette's index of all 10,000 pages); then the network
// is cut and the same tab reloads /app: navigation start → first notebook row visible, from the worker's
// shell and the kept cache. Printed beside the same reload online and the Privacy page's heading
// (workspace-tree's calibration). Figures only, never asserted.
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { type Benchmark, percentile } from './benchmark.ts';
import { markShown, seed, startServer, visit } from './workspace-tree.bench.ts';

const root = join(import.meta.dirname, '..');
const runs = 15;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const figures = (times: number[]) =>
  `p50 ${ms(percentile(times, 50))}, max ${ms(times.at(-1) ?? Number.NaN)}`;

/** The persisted cache of the signed-in account: how many queries, how many pages, its size as JSON. */
const keptCache = (page: Page) =>
  page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name ?? '');
    const name = names.find((candidate) => candidate.startsWith('jotlist-offline-'));
    if (!name) return null;
    return new Promise<{ queries: string[]; indexPages: number; bytes: number } | null>((resolve) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => {
        const get = open.result.transaction('values').objectStore('values').get('query-cache');
        get.onsuccess = () => {
          open.result.close();
          const kept = get.result as
            | { clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } }
            | undefined;
          if (!kept) return resolve(null);
          const queries = kept.clientState.queries;
          const index = queries.find((query) => query.queryKey.join('/') === 'notes/index');
          const data = index?.state.data as { notes?: unknown[] } | undefined;
          const indexPages = data?.notes?.length ?? 0;
          resolve({
            queries: queries.map((query) => query.queryKey.join('/')),
            indexPages,
            bytes: JSON.stringify(kept).length,
          });
        };
      };
      open.onerror = () => resolve(null);
    });
  });

/** `runs` reloads of the open tab (one uncounted first), sorted: navigation start → first notebook row. */
async function reloads(page: Page, url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const time = await visit(page, url);
    if (i > 0) times.push(time);
  }
  return times.sort((a, b) => a - b);
}

export async function runOfflineBench(): Promise<void> {
  const clientDir = await mkdtemp(join(tmpdir(), 'jotlist-bench-offline-client-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'jotlist-bench-offline-'));
  try {
    await build({
      root,
      logLevel: 'warn',
      build: { outDir: clientDir, emptyOutDir: true, sourcemap: false },
    });
    const { seeded, session } = await seed(dataDir, {
      notebooks: 10,
      sections: 20,
      pages: 50,
      pageChars: 200,
    });
    console.log(`  seeded ${seeded.pages.toLocaleString('en-US')} pages on SQLite`);
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
      await context.addInitScript({ content: markShown });
      const page = await context.newPage();
      const app = `${server.baseURL}/app`;

      // Online: the worker installs, a section opens, and the palette loads the index of every page.
      await visit(page, app);
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, {
        timeout: 60_000,
      });
      await page.getByRole('button', { name: 'Notebook 1', exact: true }).click();
      await page.getByRole('button', { name: 'Section 1', exact: true }).click();
      await page.getByRole('list', { name: 'Pages of Section 1' }).getByRole('button').first().waitFor();
      const index = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/notes/index');
      await page.keyboard.press('Control+k');
      await index;
      await page.keyboard.press('Escape');
      let kept = await keptCache(page);
      for (let tries = 0; tries < 100 && (kept?.indexPages ?? 0) < seeded.pages; tries++) {
        await page.waitForTimeout(100);
        kept = await keptCache(page);
      }
      console.log(
        `    kept on the device: ${kept?.queries.length ?? 0} queries, the index of ${(kept?.indexPages ?? 0).toLocaleString('en-US')} pages, ` +
          `${((kept?.bytes ?? 0) / 1024).toFixed(0)} KB as JSON`,
      );

      console.log(
        `    ${runs} reloads online, same tab: first notebook row visible ${figures(await reloads(page, app))}`,
      );
      await context.setOffline(true);
      console.log(
        `    ${runs} reloads OFFLINE, same tab (worker's shell + IndexedDB): first notebook row visible ` +
          figures(await reloads(page, app)),
      );
      await context.setOffline(false);
      console.log(
        `      calibration, same tab online: the Privacy page → its heading ${figures(await reloads(page, `${server.baseURL}/privacy`))}`,
      );
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(clientDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const offlineBenchmark: Benchmark = {
  name: 'offline',
  title:
    'Opening the app offline with 10,000 pages kept in IndexedDB: reload → tree shown, beside online and a calibration',
  run: runOfflineBench,
};

if (import.meta.main) await runOfflineBench();
