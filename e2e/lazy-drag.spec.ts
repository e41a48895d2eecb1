import type { Page, Request } from '@playwright/test';
import { createConfirmedAccount } from './accounts.ts';
import { expect, type JotlistServer, test } from './fixtures.ts';
import { createNotebook, dragOnto, notebooks, pagesList, signInToWorkspace } from './notes-helpers.ts';

/**
 * dnd-kit is downloaded on the first drag, not with the workspace (docs/performance.md: the workspace's
 * JavaScript; components/tree/lazy-dnd.tsx). These journeys hold its file back in the network, so the
 * drag happens entirely before dnd-kit exists in the page, and prove it still lands where it was dropped.
 */

// No service worker: once it has taken over the page (sooner or later, as the machine allows), it serves
// the built files from its own cache, where page.route never sees them, so holding dnd-kit's file back
// would no longer hold anything. These journeys are about a first visit's download.
test.use({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });

const dndKitFile = /\/assets\/tree-dnd-kit-[^/]*\.js$/;
const liveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/** Holds dnd-kit's file until `release()`; `requested` resolves when the page asks for it. */
async function holdDndKit(page: Page) {
  const asked: Request[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(dndKitFile, async (route) => {
    asked.push(route.request());
    await released;
    await route.continue();
  });
  return { asked, release };
}

async function openTips(page: Page, server: JotlistServer) {
  const account = await createConfirmedAccount(server, undefined, undefined, { starterContent: true });
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/app$/);
  await page.getByRole('button', { name: 'Tips', exact: true }).click();
  const rows = page.getByRole('list', { name: 'Pages of Tips' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  return rows;
}

test('a mouse drag made before dnd-kit has arrived lands where it was dropped', async ({ page, server }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const dndKit = await holdDndKit(page);
  const rows = await openTips(page, server);
  // The workspace is up, a section is open, and nothing has asked for dnd-kit.
  expect(scripts.some((url) => /workspace-page-/.test(url))).toBe(true);
  expect(dndKit.asked).toEqual([]);
  await expect(rows).toHaveText(['Find anything', 'Keyboard shortcuts', 'Calendars', 'Back up your data']);

  // The whole drag (press, move, release) happens while dnd-kit's file is held back.
  await dragOnto(page, rows.nth(2).locator(':scope > div'), rows.nth(0).locator(':scope > div'));
  await expect.poll(() => dndKit.asked.length).toBe(1);
  dndKit.release();

  const moved = ['Calendars', 'Find anything', 'Keyboard shortcuts', 'Back up your data'];
  await expect(rows).toHaveText(moved);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Pages of Tips' }).getByRole('listitem')).toHaveText(moved);
});

test('keys pressed on a grip before dnd-kit has arrived lift, move and drop the page', async ({
  page,
  server,
}) => {
  const dndKit = await holdDndKit(page);
  const rows = await openTips(page, server);
  const grip = page.getByRole('button', { name: 'Move page Find anything' });
  // Described as it will be once sortable, before dnd-kit is there.
  await expect(grip).toHaveAccessibleDescription(/press Space/);
  await grip.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect.poll(() => dndKit.asked.length).toBe(1);
  dndKit.release();

  await expect(liveRegion(page)).toHaveText(
    'Dropped page "Find anything" in section "Tips", position 2 of 4.',
  );
  await expect(rows).toHaveText(['Keyboard shortcuts', 'Find anything', 'Calendars', 'Back up your data']);
  await expect(page.getByRole('button', { name: 'Move page Find anything' })).toBeFocused();
});

test('the first drag keeps a long list where it was scrolled', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  const post = async (path: string, data: object) => {
    const response = await page.request.post(path, { data, headers: { origin: server.baseURL } });
    expect(response.status()).toBe(201);
    return (await response.json()) as { id: string };
  };
  const notebook = await post('/api/notebooks', { title: 'Long' });
  const section = await post('/api/sections', { notebookId: notebook.id, title: 'Many pages' });
  for (let i = 1; i <= 60; i += 1) await post('/api/notes', { sectionId: section.id, title: `Page ${i}` });
  await page.reload();
  await page.getByRole('button', { name: 'Long', exact: true }).click();
  await page.getByRole('button', { name: 'Many pages', exact: true }).click();
  const rows = page.getByRole('list', { name: 'Pages of Many pages' }).getByRole('listitem');
  await expect(rows).toHaveCount(60);

  const pane = pagesList(page).locator('[data-tree-scroll]');
  await rows.nth(59).scrollIntoViewIfNeeded();
  const scrolled = await pane.evaluate((element) => element.scrollTop);
  expect(scrolled).toBeGreaterThan(200);

  await dragOnto(page, rows.nth(59).locator(':scope > div'), rows.nth(58).locator(':scope > div'));
  await expect(rows.nth(58)).toHaveText('Page 60');
  await expect(rows.nth(59)).toHaveText('Page 59');
  expect(await pane.evaluate((element) => element.scrollTop)).toBe(scrolled);
});

test('a notebook closed before the first drag stays closed after it', async ({ page, server }) => {
  await openTips(page, server);
  await createNotebook(page, 'Later');
  const gettingStarted = page.getByRole('button', { name: 'Getting started', exact: true });
  await gettingStarted.click();
  await expect(page.getByRole('list', { name: 'Sections of Getting started' })).toBeVisible();
  await gettingStarted.click();
  await expect(page.getByRole('list', { name: 'Sections of Getting started' })).toBeHidden();

  const rows = notebooks(page).locator(':scope > li');
  await expect(rows).toHaveText([/Getting started/, /Later/]);
  await dragOnto(page, rows.nth(1).locator(':scope > div'), rows.nth(0).locator(':scope > div'));
  await expect(rows).toHaveText([/Later/, /Getting started/]);
  await expect(page.getByRole('list', { name: 'Sections of Getting started' })).toBeHidden();
});
