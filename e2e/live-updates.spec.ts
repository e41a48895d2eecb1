import type { Page } from '@playwright/test';
import { expect, type JotlistServer, test } from './fixtures.ts';
import { signInAs, signInToWorkspace } from './notes-helpers.ts';

/**
 * Live updates: one account open in two browser contexts (a laptop and a phone). A page renamed and
 * edited on one, and a task completed on it, show on the other without a reload.
 */

test.use({ viewport: { width: 1440, height: 900 } });

async function seed(page: Page, server: JotlistServer) {
  const post = async (path: string, data: object) => {
    const response = await page.request.post(`${server.baseURL}${path}`, {
      data,
      headers: { origin: server.baseURL },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string };
  };
  const work = await post('/api/notebooks', { title: 'Work' });
  const projects = await post('/api/sections', { notebookId: work.id, title: 'Projects' });
  await post('/api/notes', { sectionId: projects.id, title: 'Launch plan', content: 'Draft' });
  const home = await post('/api/todos', { title: 'Home' });
  const chores = await post('/api/categories', { todoId: home.id, title: 'Chores' });
  await post('/api/tasks', { todoId: home.id, categoryId: chores.id, text: 'Buy bread' });
}

async function openPage(page: Page) {
  await page.getByRole('button', { name: 'Work', exact: true }).click();
  await page.getByRole('button', { name: 'Projects', exact: true }).click();
  await page
    .getByRole('region', { name: 'Pages' })
    .getByRole('button', { name: 'Launch plan', exact: true })
    .click();
  await expect(page.getByRole('textbox', { name: 'Page content' })).toContainText('Draft');
}

async function openChores(page: Page) {
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: 'Home', exact: true }).click();
  await page.getByRole('button', { name: 'Chores', exact: true }).click();
  await expect(page.getByLabel('Complete Buy bread')).not.toBeChecked();
}

test('a page renamed and edited, and a task completed, in one browser show in the other', async ({
  page: laptop,
  browser,
  server,
}) => {
  test.setTimeout(90_000);
  const account = await signInToWorkspace(laptop, server);
  await seed(laptop, server);
  await laptop.reload();
  const phoneContext = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1440, height: 900 },
  });
  const phone = await phoneContext.newPage();
  await signInAs(phone, account);

  await openPage(laptop);
  await openPage(phone);
  const pages = phone.getByRole('region', { name: 'Pages' });

  // Renamed on the laptop: the phone's list and open editor follow.
  await laptop.getByRole('textbox', { name: 'Page title' }).fill('Launch plan v2');
  await expect(pages.getByRole('button', { name: 'Launch plan v2', exact: true })).toBeVisible();
  await expect(phone.getByRole('textbox', { name: 'Page title' })).toHaveValue('Launch plan v2');

  // Text typed on the laptop reaches the phone, which is not editing the page.
  await laptop.getByRole('textbox', { name: 'Page content' }).click();
  await laptop.keyboard.press('End');
  await laptop.keyboard.type(' for Monday');
  await expect(phone.getByRole('textbox', { name: 'Page content' })).toContainText('Draft for Monday');

  // A task completed on the phone leaves the laptop's list of open tasks too.
  await openChores(laptop);
  await openChores(phone);
  await phone.getByLabel('Complete Buy bread').click();
  await expect(phone.getByRole('status').filter({ hasText: 'Task completed' })).toBeVisible();
  await expect(phone.getByLabel('Complete Buy bread')).toHaveCount(0);
  await expect(laptop.getByLabel('Complete Buy bread')).toHaveCount(0);

  await phoneContext.close();
});
