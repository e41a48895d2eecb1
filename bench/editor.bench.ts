// The Markdown note editor in Chromium (docs/performance.md): typing latency in a 100 KB note, key press to the
// next paint, and the JavaScript the workspace and the landing page download. The real server
// (src/server/test/real-server.ts) serves a fresh client build; figures only, never asserted.
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Locator, type Page } from '@playwright/test';
import { build } from 'vite';
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { databaseOptionsFromConfig } from '../src/server/db/database-options.ts';
import { createSession } from '../src/server/modules/auth/sessions.service.ts';
import { startRealServer } from '../src/server/test/real-server.ts';
import { type Benchmark, formatKb, percentile } from './benchmark.ts';
import { landingPageScripts } from './bundle-size.bench.ts';
import { BROWSER_ARGS, keyToPaint, recordKeyToPaint } from './key-latency.ts';
import { benchDeps, createBenchUser } from './notes-api-setup.ts';

const root = join(import.meta.dirname, '..');
const NOTE_BYTES = 100 * 1024;
const KEYS = 200;
const KEY_DELAY_MS = 40;
const WORKSPACE_TARGET = 250 * 1024;
const LANDING_TARGET = 120 * 1024;
const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** About 100 KB of everyday Markdown: headings, paragraphs with marks and links, lists and tasks. */
export function markdownNote(bytes = NOTE_BYTES): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 1; size < bytes; i++) {
    const block = [
      `## Section ${i}`,
      '',
      `Notes from meeting ${i}: we agreed on **the launch date**, reviewed *open questions* and the ` +
        `\`config.ts\` changes; details in [the doc](https://example.com/docs/${i}).`,
      '',
      `- [ ] follow up with team ${i}`,
      `- [x] send the summary for ${i}`,
      '- a plain bullet with some words in it',
      '',
      '> A quote worth keeping, with a little more text to make the line wrap on a narrow screen.',
      '',
    ].join('\n');
    parts.push(block);
    size += Buffer.byteLength(block) + 1;
  }
  return parts.join('\n');
}

/** Clicks into `field`, goes to its end and types KEYS keys one by one, KEY_DELAY_MS apart. */
async function typeKeys(page: Page, field: Locator): Promise<number[]> {
  await field.click();
  await page.keyboard.press('Control+End');
  const text = 'The quick brown fox jumps over the **lazy** dog; [ ] check this. '.repeat(4).slice(0, KEYS);
  // Only the keys typed from here: not the click or Control+End (see key-latency.ts for the method).
  return keyToPaint(page, KEYS, () => page.keyboard.type(text, { delay: KEY_DELAY_MS }));
}

async function seedAccount(dataDir: string) {
  // Keyed as the server started on this DATA_DIR keys it (the key file generated beside the data).
  const handle = openDatabase(databaseOptionsFromConfig({ DATA_DIR: dataDir }));
  try {
    await migrateToLatest(handle.db);
    const deps = benchDeps(handle, dataDir);
    const userId = await createBenchUser(deps);
    return await createSession(deps, userId, { rememberMe: true, userAgent: 'bench' });
  } finally {
    await handle.close();
  }
}

/**
 * Builds the client from this tree, or uses `prebuiltClient` (a `vite build` output with its manifest):
 * comparing two builds in alternating runs under the same load is how a change is measured.
 */
export async function runEditorBench(prebuiltClient?: string): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'jotlist-bench-editor-'));
  const clientDir = prebuiltClient ?? (await mkdtemp(join(tmpdir(), 'jotlist-bench-editor-client-')));
  try {
    const session = await seedAccount(dataDir);
    if (!prebuiltClient)
      await build({
        root,
        logLevel: 'warn',
        build: { outDir: clientDir, emptyOutDir: true, manifest: true, sourcemap: false },
      });
    const landing = landingPageScripts(clientDir).reduce(
      (sum, { file }) => sum + gzip(readFileSync(join(clientDir, file))),
      0,
    );
    const server = await startRealServer({
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      NODE_ENV: 'production',
    });
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', ...BROWSER_ARGS],
    });
    try {
      const auth = { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' };
      const post = async (path: string, body: object) => {
        const response = await fetch(`${server.baseURL}${path}`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify(body),
        });
        if (response.status !== 201)
          throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
        return (await response.json()) as { id: string };
      };
      const content = markdownNote();
      const notebook = await post('/api/notebooks', { title: 'Bench' });
      const section = await post('/api/sections', { notebookId: notebook.id, title: 'Long notes' });
      await post('/api/notes', { sectionId: section.id, title: 'Big note', content });

      // Reduced motion: the `Saving…` spinner, on screen while typing, would otherwise be redrawn as
      // fast as the uncapped frame rate allows (key-latency.ts) and take the CPU the keys need.
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        reducedMotion: 'reduce',
      });
      const cookie = { domain: '127.0.0.1', httpOnly: true, sameSite: 'Lax' as const, secure: false };
      await context.addCookies([
        { ...cookie, name: 'jl_access', value: session.accessToken, path: '/api' },
        { ...cookie, name: 'jl_refresh', value: session.refreshToken, path: '/api/auth' },
      ]);
      await context.addInitScript({ content: recordKeyToPaint });
      const page = await context.newPage();
      const scripts = new Map<string, number>();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        scripts.set(response.url(), gzip(await response.body()));
      });

      // Open the workspace and the note by clicking, as a person would (empty cache: all JS downloads).
      await page.goto(`${server.baseURL}/app`);
      await page.getByRole('button', { name: 'Bench', exact: true }).click();
      await page.getByRole('button', { name: 'Long notes', exact: true }).click();
      await page.getByRole('button', { name: 'Big note', exact: true }).click();
      const body = page.getByRole('textbox', { name: 'Page content' });
      await body.waitFor();
      await page.waitForLoadState('networkidle');
      const workspace = [...scripts.values()].reduce((sum, size) => sum + size, 0);

      // The floor this machine and browser set: a bare native <input> added to the same page, above the
      // title (no handler of ours); then the page title (a native input with the page's autosave behind
      // it); then the note body, at its end.
      await page.getByLabel('Page title').evaluate((title) => {
        const input = document.createElement('input');
        input.setAttribute('aria-label', 'Bench floor');
        title.before(input);
      });
      const floor = await typeKeys(page, page.getByLabel('Bench floor'));
      const title = await typeKeys(page, page.getByLabel('Page title'));
      const note = await typeKeys(page, body);
      console.log(
        `  note: ${formatKb(Buffer.byteLength(content))} of Markdown; ${KEYS} keys typed, ${KEY_DELAY_MS} ms apart; ` +
          'key press → next frame rendered, no vsync wait (method: bench/key-latency.ts)',
      );
      for (const [what, latencies] of [
        ['note body (CodeMirror)', note],
        ['page title (native input + autosave)', title],
        ['bare native input (the floor)', floor],
      ] as const) {
        const slow = latencies.filter((latency) => latency > 16).length;
        console.log(
          `  ${what}: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, ` +
            `max ${ms(latencies.at(-1) ?? Number.NaN)}; over 16 ms: ${slow} of ${latencies.length} keys`,
        );
      }
      console.log('  (target: note body p95 ≤ 16 ms)');
      const editorChunk = [...scripts].filter(([url]) => /markdown-editor-[^/]*\.js$/.test(url));
      const editorBytes = editorChunk.reduce((sum, [, size]) => sum + size, 0);
      console.log(
        `  JavaScript the workspace loaded with the note open: ${formatKb(workspace)} gzip in ${scripts.size} files ` +
          `(target ${formatKb(WORKSPACE_TARGET)}: ${Math.round((workspace / WORKSPACE_TARGET) * 100)}%), ` +
          `of which the editor chunk (CodeMirror, loaded when a page opens): ${formatKb(editorBytes)}`,
      );
      // The files themselves, largest first: where the next kilobytes to cut are.
      const largest = [...scripts].sort(([, a], [, b]) => b - a);
      console.log(
        `    ${largest.map(([url, size]) => `${new URL(url).pathname.split('/').pop()} ${formatKb(size)}`).join(', ')}`,
      );
      console.log(
        `  JavaScript the landing page loads: ${formatKb(landing)} gzip ` +
          `(target ${formatKb(LANDING_TARGET)}: ${Math.round((landing / LANDING_TARGET) * 100)}%)`,
      );
      await context.close();
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (!prebuiltClient) rmSync(clientDir, { recursive: true, force: true });
  }
}

export const editorBenchmark: Benchmark = {
  name: 'editor',
  title: 'Chromium: typing latency in a 100 KB Markdown note, and the JavaScript workspace and landing load',
  run: runEditorBench,
};

if (import.meta.main) await runEditorBench();
