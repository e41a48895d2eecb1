import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInToWorkspace } from './notes-helpers.ts';

/**
 * Dark mode in a real browser: the system's choice is followed by default, a choice made in Settings is
 * remembered, and the theme is there on the first frame the browser renders, on the app and on the
 * public pages (the blog's server-rendered pages too), so there is no white flash.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/**
 * Records the document's state on the first frame the browser renders (requestAnimationFrame runs just
 * before a frame is painted, and the first one waits for the render-blocking <head>): whether <html> is
 * dark, and the background the page paints. Registered before any of the page's own code runs.
 */
async function watchFirstFrame(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstFrame?: Promise<{ dark: boolean; background: string }> };
    w.__firstFrame = new Promise((resolve) => {
      requestAnimationFrame(() => {
        const root = document.documentElement;
        const transparent = (color: string) => color === 'transparent' || color === 'rgba(0, 0, 0, 0)';
        const body = document.body ? getComputedStyle(document.body).backgroundColor : 'transparent';
        const html = getComputedStyle(root).backgroundColor;
        // What the browser paints: the body's background, else the root's, else the canvas colour of
        // the colour scheme (Chromium's dark canvas is #121212).
        const canvas = getComputedStyle(root).colorScheme.includes('dark')
          ? 'rgb(18, 18, 18)'
          : 'rgb(255, 255, 255)';
        resolve({
          dark: root.classList.contains('dark'),
          background: !transparent(body) ? body : !transparent(html) ? html : canvas,
        });
      });
    });
  });
}

const firstFrame = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __firstFrame: Promise<{ dark: boolean; background: string }> }).__firstFrame,
  );

/** The perceived lightness (0–255) of a computed `rgb(…)` / `oklch(…)` colour, via a canvas. */
const lightness = (page: Page, color: string) =>
  page.evaluate((value) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = value;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }, color);

async function expectDarkFirstFrame(page: Page, path: string) {
  await page.goto(path);
  const frame = await firstFrame(page);
  expect(frame.dark, `${path}: <html> is dark on the first frame`).toBe(true);
  expect(await lightness(page, frame.background), `${path}: first frame background`).toBeLessThan(60);
}

test('follows a dark system by default, on the first frame of every kind of page', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await watchFirstFrame(page);
  for (const path of ['/landing', '/auth/signin', '/privacy', '/blog', '/no-such-page'])
    await expectDarkFirstFrame(page, path);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f172a');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');

  // The system turning light is followed at once.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#2563eb');
});

test('Dark chosen in Settings is remembered across a reload and beats a light system', async ({
  page,
  server,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await watchFirstFrame(page);
  await signInToWorkspace(page, server);
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();
  const appearance = settings.getByRole('region', { name: 'Appearance' });
  await expect(appearance.getByRole('radio', { name: 'System' })).toBeChecked();
  await appearance.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const surface = await settings.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await lightness(page, surface)).toBeLessThan(60);

  await page.reload();
  const frame = await firstFrame(page);
  expect(frame.dark).toBe(true);
  expect(await lightness(page, frame.background)).toBeLessThan(60);
  // Signed out, on the public pages, the choice holds too.
  await expectDarkFirstFrame(page, '/landing');

  // Light beats a dark system; System follows it again.
  await page.goto('/app');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Settings' }).click();
  await settings.getByRole('tab', { name: 'Account' }).click();
  await appearance.getByRole('radio', { name: 'Light' }).check();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.reload();
  expect((await firstFrame(page)).dark).toBe(false);
  await page.getByRole('button', { name: 'Settings' }).click();
  await settings.getByRole('tab', { name: 'Account' }).click();
  await appearance.getByRole('radio', { name: 'System' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('the blog pages the server renders load the theme script before anything else', async ({ request }) => {
  const html = await (await request.get('/blog')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('<script src="/theme-init.js"></script>');
  expect(head.indexOf('theme-init.js')).toBeLessThan(
    head.search(/<script type="module"|<link rel="stylesheet"/),
  );
  const script = await request.get('/theme-init.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toMatch(/javascript/);
});
