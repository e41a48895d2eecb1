import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createNotebook, createPage, createSection, signInToWorkspace } from './notes-helpers.ts';

/**
 * Backup in a real browser: one person exports their notes to a file, another account imports that
 * file through the preview, and the imported notes show up in the workspace after the reload.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/**
 * The first import after a server start starts the import's worker thread, which loads its modules
 * through tsx here (compiled in production: about 1 s): 10 s and more on a loaded machine, measured.
 * The answer to the upload waits for it.
 */
const firstImportMs = 30_000;

async function openBackupSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('tab', { name: 'Backup' })).toHaveAttribute('aria-selected', 'true');
  return settings;
}

test('export a workspace to a file, import it into another account with a preview, see it there', async ({
  page,
  browser,
  server,
}) => {
  // Two accounts, an export, a preview and an import: longer than one journey's default 30 s.
  test.setTimeout(90_000);
  await signInToWorkspace(page, server);
  await createNotebook(page, 'Travel');
  await createSection(page, 'Plans');
  await createPage(page, 'Lisbon', 'Pasteis de nata at the corner bakery.');

  const settings = await openBackupSettings(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    settings.getByRole('button', { name: 'Export to File' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^backup-.+\.json$/);
  const path = await download.path();
  const file = JSON.parse(await readFile(path, 'utf8')) as {
    version: string;
    notebooks: Array<{ title: string }>;
    notes: Array<{ title: string; content: string }>;
  };
  expect(file.version).toBe('1.0.0');
  expect(file.notebooks.map((n) => n.title)).toEqual(['Travel']);
  expect(file.notes).toMatchObject([{ title: 'Lisbon', content: 'Pasteis de nata at the corner bakery.' }]);

  // Another person, in their own browser, with a notebook of their own that the import will replace.
  const other = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
  const second = await other.newPage();
  await signInToWorkspace(second, server);
  await createNotebook(second, 'Scratch');
  const backup = await openBackupSettings(second);

  const importButton = backup.getByRole('button', { name: 'Import from File' });
  await expect(importButton).toBeDisabled();
  await backup.getByLabel('Backup file (JSON)').setInputFiles(path);
  await backup.getByLabel('Clear existing data before importing').check();
  await importButton.click();

  const preview = backup.getByRole('region', { name: 'Import preview' });
  await expect(preview).toBeVisible({ timeout: firstImportMs });
  const counts = preview.getByRole('definition');
  await expect(preview.locator('[data-count="notebooks"]')).toHaveText('1');
  await expect(preview.locator('[data-count="sections"]')).toHaveText('1');
  await expect(preview.locator('[data-count="notes"]')).toHaveText('1');
  // One count per kind: the spec's nine, then labels, label links, reminders and files.
  await expect(counts).toHaveCount(13);
  await expect(preview.locator('[data-count="labels"]')).toHaveText('0');
  await expect(preview.locator('[data-count="reminders"]')).toHaveText('0');
  await expect(preview.getByText('No rows will be skipped.')).toBeVisible();
  await expect(preview.getByText('will be deleted first')).toBeVisible();

  const axe = await new AxeBuilder({ page: second }).include('[role="dialog"]').analyze();
  const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => v.id)).toEqual([]);

  await preview.getByRole('button', { name: 'Confirm Import' }).click();
  await expect(backup.getByText('Data imported successfully')).toBeVisible({ timeout: firstImportMs });

  // The workspace reloads 2 s later and shows the imported notebook instead of the old one.
  await expect(second.getByRole('dialog', { name: 'Settings' })).toBeHidden({ timeout: 10_000 });
  await expect(second.getByRole('button', { name: 'Travel', exact: true })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Scratch', exact: true })).toHaveCount(0);
  await second.getByRole('button', { name: 'Travel', exact: true }).click();
  await second.getByRole('button', { name: 'Plans', exact: true }).click();
  await second.getByRole('button', { name: 'Lisbon', exact: true }).click();
  await expect(second.getByLabel('Page content')).toHaveText('Pasteis de nata at the corner bakery.');
  await other.close();
});

test('a file that is not a backup is refused with the spec message, and nothing is imported', async ({
  page,
  server,
}) => {
  test.setTimeout(60_000);
  await signInToWorkspace(page, server);
  const settings = await openBackupSettings(page);
  await settings.getByLabel('Backup file (JSON)').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('[1, 2, 3]'),
  });
  await settings.getByRole('button', { name: 'Import from File' }).click();
  await expect(settings.getByRole('alert')).toHaveText('Import failed: Invalid backup file format', {
    timeout: firstImportMs,
  });
  await expect(settings.getByRole('region', { name: 'Import preview' })).toHaveCount(0);
});
