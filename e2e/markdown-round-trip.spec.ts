import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  createNotebook,
  createPage,
  createSection,
  savedContent,
  signInToWorkspace,
} from './notes-helpers.ts';

/**
 * The Markdown round trip in a real browser (docs/backup.md#markdown-import): one person downloads Export as Markdown, another
 * imports that zip from Settings → Backup through the preview, and finds the notebook, section and page.
 */

test.use({ viewport: { width: 1440, height: 900 } });

async function openBackupSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('tab', { name: 'Backup' })).toHaveAttribute('aria-selected', 'true');
  return settings;
}

test('export as Markdown, import the zip into another account, find the page there', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(90_000);
  await signInToWorkspace(page, server);
  await createNotebook(page, 'Travel');
  await createSection(page, 'Plans');
  await createPage(page, 'Lisbon: day 1', 'Pasteis de **nata** at the corner bakery.');
  const settings = await openBackupSettings(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    settings.getByRole('link', { name: 'Export as Markdown' }).click(),
  ]);
  const path = await download.path();

  const other = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  const second = await other.newPage();
  await signInToWorkspace(second, server);
  const backup = await openBackupSettings(second);
  await backup.getByLabel('Backup file (JSON) or zip of Markdown files').setInputFiles(path);
  await backup.getByLabel('Clear existing data before importing').check();
  await backup.getByRole('button', { name: 'Import from File' }).click();
  const preview = backup.getByRole('region', { name: 'Import preview' });
  // The server's first import starts its worker thread (seconds on a busy machine) before it answers.
  await expect(preview).toBeVisible({ timeout: 20_000 });
  await preview.getByRole('button', { name: 'Confirm Import' }).click();
  await expect(backup.getByText('Data imported successfully')).toBeVisible({ timeout: 20_000 });

  await expect(second.getByRole('dialog', { name: 'Settings' })).toBeHidden({ timeout: 10_000 });
  await second.getByRole('button', { name: 'Travel', exact: true }).click();
  await second.getByRole('button', { name: 'Plans', exact: true }).click();
  await second.getByRole('button', { name: 'Lisbon: day 1', exact: true }).click();
  await expect(second.getByLabel('Page content')).toHaveText('Pasteis de nata at the corner bakery.');
  // The live preview hides the Markdown marks; the page's text is the exported one, marks and all.
  await expect(second).toHaveURL(/\/app\/pages\/[0-9a-f-]{36}$/);
  const id = new URL(second.url()).pathname.split('/').at(-1) ?? '';
  expect(await savedContent(second, id)).toBe('Pasteis de **nata** at the corner bakery.');
  await other.close();
});
