import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { seriousViolations } from './a11y-helpers.ts';
import { expect, test } from './fixtures.ts';
import { signInToWorkspace } from './notes-helpers.ts';

/**
 * The installable app: its manifest and icons, the service worker that keeps the build's shell for an
 * offline start, and a second deploy seen as "A new version is ready" with a Reload that switches over.
 * This worker's server serves its own copy of the built client, so the journey can deploy a new build
 * into it (the server reads the files from disk on each request).
 */

let clientDir = '';
test.use({
  serverPeerSetup: {
    start: async () => {
      const built = process.env.E2E_CLIENT_DIR;
      if (!built) throw new Error('E2E_CLIENT_DIR is not set');
      clientDir = mkdtempSync(join(tmpdir(), 'jotlist-e2e-pwa-client-'));
      cpSync(built, clientDir, { recursive: true });
      return {
        env: { CLIENT_DIR: clientDir },
        close: async () => rmSync(clientDir, { recursive: true, force: true }),
      };
    },
  },
});
test.use({ viewport: { width: 1280, height: 900 } });
// Installing a worker that caches the whole build, on a loaded machine.
test.setTimeout(60_000);

const buildLine = /^self\.jotlistBuild = (\{.*\});$/m;
const builtId = () => {
  const match = buildLine.exec(readFileSync(join(clientDir, 'sw.js'), 'utf8'));
  if (!match?.[1]) throw new Error('sw.js carries no build');
  return (JSON.parse(match[1]) as { id: string }).id;
};

/** The app's worker controls the page (the first install takes over at once). */
async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

test('the manifest is linked, valid and its icons are the sizes it says', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href ?? '');
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Jotlist', start_url: '/app', display: 'standalone' });
  expect(manifest.icons.map((icon) => icon.purpose).sort()).toEqual(['any', 'any', 'maskable']);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
    const body = await png.body();
    // A PNG's width and height are the IHDR chunk's first two 32-bit big-endian numbers.
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
  }
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await request.get(touchIcon ?? '')).headers()['content-type']).toBe('image/png');
});

test('the worker controls the app, and a reload offline still opens the app', async ({
  page,
  context,
  server,
}) => {
  await signInToWorkspace(page, server);
  await controlled(page);
  await expect.poll(() => cacheNames(page)).toEqual([`jotlist-shell-${builtId()}`]);

  await context.setOffline(true);
  await page.reload();
  // The app's own page, from the worker's cache: its script ran (not the browser's offline error page).
  await expect(page).toHaveTitle(/Jotlist/);
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.setOffline(false);
});

test('a second deploy shows "A new version is ready", and Reload switches to it', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  await controlled(page);
  const first = builtId();
  await expect.poll(() => cacheNames(page)).toEqual([`jotlist-shell-${first}`]);

  // A new build: the worker's bytes differ (a new build id), so the browser installs it beside the old.
  const second = `${first}-2`;
  const worker = join(clientDir, 'sw.js');
  writeFileSync(worker, readFileSync(worker, 'utf8').replace(`"id":"${first}"`, `"id":"${second}"`));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
  await expect(prompt).toBeVisible();
  // It waits for the person: the open page's code and cache stay the old build's meanwhile.
  expect(await cacheNames(page)).toContain(`jotlist-shell-${first}`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);

  const reloaded = page.waitForEvent('framenavigated');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('button', { name: 'New notebook' })).toBeEnabled();
  await expect.poll(() => cacheNames(page)).toEqual([`jotlist-shell-${second}`]);
  await expect(page.getByText('A new version is ready')).toBeHidden();
});
