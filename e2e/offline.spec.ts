import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openNewPage, savedContent, signInToWorkspace } from './notes-helpers.ts';

/**
 * Works offline (docs/client.md, Offline): the workspace's reads are kept per account in IndexedDB
 * (`jotlist-offline-<user id>`), so a reload with no network opens the app as the last account with the
 * tree and the page seen before; signing out removes that account's store, and a second account on the
 * same browser sees nothing of the first.
 */

test.use({ viewport: { width: 1280, height: 900 } });
// Installing a worker that caches the whole build, on a loaded machine.
test.setTimeout(60_000);

/** The signed-in user's id, from the non-secret session flag every tab shares. */
const signedInUserId = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('jotlist-auth-token');
    return raw ? ((JSON.parse(raw) as { userId: string | null }).userId ?? '') : '';
  });

/** The names of the IndexedDB databases the page's origin holds. */
const databaseNames = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? '').sort());

/** The query keys of the cache kept in the account's store (empty while nothing is kept). */
const keptQueryKeys = (page: Page, userId: string) =>
  page.evaluate(
    (name) =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open(name);
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('values')) {
            db.close();
            resolve([]);
            return;
          }
          const get = db.transaction('values').objectStore('values').get('query-cache');
          get.onsuccess = () => {
            db.close();
            const kept = get.result as { clientState?: { queries: { queryKey: unknown[] }[] } } | undefined;
            resolve((kept?.clientState?.queries ?? []).map((query) => query.queryKey.join('/')));
          };
        };
      }),
    `jotlist-offline-${userId}`,
  );

async function workerControls(page: Page) {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('a reload with no network opens the app with the tree and the page seen before', async ({
  page,
  context,
  server,
}) => {
  await signInToWorkspace(page, server);
  const noteId = await openNewPage(page, 'Packing list', 'Passport and charger');
  await expect(page.getByLabel('Page content')).toHaveText('Passport and charger');
  await workerControls(page);
  const userId = await signedInUserId(page);
  await expect.poll(() => keptQueryKeys(page, userId)).toContain(`notes/note/${noteId}`);
  expect(await keptQueryKeys(page, userId)).toContain('notes/tree');

  await context.setOffline(true);
  await page.reload();
  // Not sent to sign-in: the last known account, its tree and the page, all from the device.
  await expect(page).toHaveURL(new RegExp(`/app/pages/${noteId}$`));
  await expect(page.getByRole('button', { name: 'Work', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Plans', exact: true })).toBeVisible();
  await expect(page.getByLabel('Page title')).toHaveValue('Packing list');
  await expect(page.getByLabel('Page content')).toHaveText('Passport and charger');

  // Text typed offline stays on the device (the page's draft) across another offline reload.
  await page.getByLabel('Page content').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and tickets');
  await expect(page.getByLabel('Page content')).toHaveText('Passport and charger and tickets');
  await page.reload();
  await expect(page.getByLabel('Page content')).toHaveText('Passport and charger and tickets');

  // Back online, the session is confirmed with the server and the kept text is saved.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('button', { name: 'New notebook' })).toBeEnabled();
  await expect.poll(() => savedContent(page, noteId)).toBe('Passport and charger and tickets');
  await expect(page.getByLabel('Page content')).toHaveText('Passport and charger and tickets');
});

test('signing out clears the account’s store; a second account sees nothing of the first', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  await openNewPage(page, 'First account secret', 'Only mine');
  const firstId = await signedInUserId(page);
  await expect.poll(() => keptQueryKeys(page, firstId)).toContain('notes/tree');
  expect(await databaseNames(page)).toContain(`jotlist-offline-${firstId}`);

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect.poll(() => databaseNames(page)).not.toContain(`jotlist-offline-${firstId}`);

  // A second account in the same browser: its own store, and none of the first's titles.
  await signInToWorkspace(page, server);
  const secondId = await signedInUserId(page);
  expect(secondId).not.toBe(firstId);
  await expect.poll(() => keptQueryKeys(page, secondId)).toContain('notes/tree');
  await expect(page.getByText('First account secret')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Work', exact: true })).toHaveCount(0);
  const names = await databaseNames(page);
  expect(names).toContain(`jotlist-offline-${secondId}`);
  expect(names.filter((name) => name.includes(firstId))).toEqual([]);
});
