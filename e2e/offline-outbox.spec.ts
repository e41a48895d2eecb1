import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { savedContent, signInToWorkspace } from './notes-helpers.ts';

/**
 * The offline outbox (docs/client.md, Offline): renames, deletes and completions made with no network
 * show at once, are counted in the top bar ("Offline — N changes waiting"), stay on the device across a
 * reload made offline, and reach the server in the order they were made once the network is back.
 */

test.use({ viewport: { width: 1440, height: 900 } });
// Installing a worker that caches the whole build, on a loaded machine.
test.setTimeout(60_000);

const outboxStatus = (page: Page) => page.getByRole('status').filter({ hasText: /changes waiting/ });

async function post(page: Page, path: string, data: object): Promise<{ id: string; categoryId?: string }> {
  const response = await page.request.post(path, { data });
  expect(response.status(), `POST ${path}`).toBe(201);
  return response.json();
}

async function workerControls(page: Page) {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** How many changes the account's store keeps in its outbox (read straight from IndexedDB). */
const keptChanges = (page: Page) =>
  page.evaluate(async () => {
    const raw = localStorage.getItem('jotlist-auth-token');
    const userId = raw ? (JSON.parse(raw) as { userId: string }).userId : '';
    return new Promise<number>((resolve) => {
      const open = indexedDB.open(`jotlist-offline-${userId}`);
      open.onerror = () => resolve(-1);
      open.onsuccess = () => {
        const db = open.result;
        const range = IDBKeyRange.bound('outbox:', 'outbox:\uffff');
        const count = db.transaction('values').objectStore('values').count(range);
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
      };
    });
  });

test('changes made offline wait on the device, survive a reload and reach the server in order', async ({
  page,
  context,
  server,
}) => {
  await signInToWorkspace(page, server);
  const notebook = await post(page, '/api/notebooks', { title: 'Work' });
  const section = await post(page, '/api/sections', { notebookId: notebook.id, title: 'Plans' });
  await post(page, '/api/notes', { sectionId: section.id, title: 'Packing list' });
  const doomed = await post(page, '/api/notes', { sectionId: section.id, title: 'Old notes' });
  const todo = await post(page, '/api/todos', { title: 'Errands' });
  const task = await post(page, '/api/tasks', { todoId: todo.id, text: 'Renew passport' });

  // Everything seen once online, so the device keeps it: the task's list, then the notes tree.
  await page.goto(`/app?todo=${todo.id}&category=${task.categoryId}&item=${task.id}`);
  await expect(page.getByLabel('Complete Renew passport')).toBeVisible();
  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByRole('button', { name: 'Work', exact: true }).click();
  await page.getByRole('button', { name: 'Plans', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Old notes', exact: true })).toBeVisible();
  await workerControls(page);

  await context.setOffline(true);
  // Rename the section twice (only the right order ends with the second name), delete a page, make a
  // page and write in it, tick the task: five changes in the outbox (the page's text is kept by its own
  // draft, not the outbox).
  for (const [from, to] of [
    ['Plans', 'Trips'],
    ['Trips', 'Holidays'],
  ] as const) {
    await page.getByRole('button', { name: from, exact: true }).dblclick();
    await page.getByLabel('Rename section').fill(to);
    await page.getByLabel('Rename section').press('Enter');
    await expect(page.getByRole('button', { name: to, exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'More actions for Old notes' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Old notes', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'New page' }).click();
  await expect(page.getByLabel('Page title')).toHaveValue('Untitled Note');
  await page.getByLabel('Page title').fill('Made offline');
  await page.getByLabel('Page content').fill('Typed with no network');
  await expect(
    page.getByRole('status').filter({ hasText: 'Offline — changes kept on this device' }),
  ).toBeVisible();
  const madeOffline = /\/app\/pages\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';
  expect(madeOffline).not.toBe('');
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByLabel('Mark task complete').click();
  await expect(page.getByLabel('Mark task complete')).toBeChecked();
  await expect(outboxStatus(page)).toHaveText('Offline — 5 changes waiting');
  await expect.poll(() => keptChanges(page)).toBe(5);
  // Signing out would delete them with the rest of the device's copy: Settings says so first.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();
  await expect(
    settings.getByRole('status').filter({ hasText: 'have not reached the server yet' }),
  ).toHaveText(
    '5 changes made on this device have not reached the server yet. Signing out now discards them.',
  );
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);

  // A reload with no network: the app opens with the changes shown and still waiting.
  await page.reload();
  await expect(outboxStatus(page)).toHaveText('Offline — 5 changes waiting');
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page.getByRole('button', { name: 'Holidays', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Old notes', exact: true })).toHaveCount(0);
  // The new page is listed under the name the server gives it until its typed title is saved; the
  // title and text typed offline come back from its draft.
  await page.getByRole('button', { name: 'Untitled Note', exact: true }).click();
  await expect(page.getByLabel('Page title')).toHaveValue('Made offline');
  await expect(page.getByLabel('Page content')).toHaveText('Typed with no network');
  await page.getByRole('tab', { name: 'Todos' }).click();
  await expect(page.getByLabel('Mark task complete')).toBeChecked();
  await page.getByRole('tab', { name: 'Notes' }).click();

  // Back online: the outbox empties and the server has every change, in order.
  await context.setOffline(false);
  await expect(outboxStatus(page)).toHaveCount(0);
  await expect.poll(() => keptChanges(page)).toBe(0);
  // The new page's title and text come from its saver's draft, sent after its create.
  const titles = async () => {
    const listed = (await (await page.request.get(`/api/sections/${section.id}/notes`)).json()) as {
      notes: { title: string }[];
    };
    return listed.notes.map((n) => n.title);
  };
  await expect.poll(titles).toEqual(['Packing list', 'Made offline']);
  await expect.poll(() => savedContent(page, madeOffline)).toBe('Typed with no network');
  const tree = JSON.stringify(await (await page.request.get('/api/notes/tree')).json());
  expect(tree).toContain('"Holidays"');
  expect(tree).not.toContain('"Trips"');
  expect((await page.request.get(`/api/notes/${doomed.id}`)).status()).toBe(404);
  const taskNow = (await (await page.request.get(`/api/tasks/${task.id}`)).json()) as { completed: boolean };
  expect(taskNow.completed).toBe(true);
  // The screens show what the server holds.
  await expect(page.getByLabel('Page title')).toHaveValue('Made offline');
  await page.getByRole('tab', { name: 'Todos' }).click();
  await expect(page.getByLabel('Mark task complete')).toBeChecked();
});
