import type { Page } from '@playwright/test';
import { buildZip } from '../src/server/modules/backup/markdown-zip-test-helpers.ts';
import { expect, test } from './fixtures.ts';
import { savedContent, signInToWorkspace } from './notes-helpers.ts';

/**
 * The Markdown import in a real browser: a person chooses a zip of Markdown (an Obsidian-like vault with
 * an image and a wiki link) in Settings → Backup, sees the preview's counts, confirms, and the notebook,
 * its page and the page's image are there after the reload.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** A 2×2 red PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function openBackupSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('tab', { name: 'Backup' })).toHaveAttribute('aria-selected', 'true');
  return settings;
}

test('import a zip of Markdown: preview, confirm, and the notebook, page and image appear', async ({
  page,
  server,
}) => {
  test.setTimeout(60_000);
  await signInToWorkspace(page, server);
  const zip = await buildZip([
    {
      name: 'Travel/Plans/Lisbon.md',
      data: '---\ntitle: Lisbon\n---\nPasteis de nata. ![[red square.png]]\n\nSee [[Porto]].\n',
    },
    { name: 'Travel/Plans/Porto.md', data: '# Porto\n\nBridges.\n' },
    { name: 'Travel/Plans/attachments/red square.png', data: png },
  ]);

  const settings = await openBackupSettings(page);
  await settings.getByLabel('Backup file (JSON) or zip of Markdown files').setInputFiles({
    name: 'vault.zip',
    mimeType: 'application/zip',
    buffer: zip,
  });
  await settings.getByRole('button', { name: 'Import from File' }).click();

  const preview = settings.getByRole('region', { name: 'Import preview' });
  // The server's first import starts its worker thread (seconds on a busy machine) before it answers.
  await expect(preview).toBeVisible({ timeout: 20_000 });
  await expect(preview.locator('[data-count="notebooks"]')).toHaveText('1');
  await expect(preview.locator('[data-count="sections"]')).toHaveText('1');
  await expect(preview.locator('[data-count="notes"]')).toHaveText('2');
  await expect(preview.locator('[data-count="files"]')).toHaveText('1');
  await preview.getByRole('button', { name: 'Confirm Import' }).click();
  await expect(settings.getByText('Data imported successfully')).toBeVisible({ timeout: 20_000 });

  // The workspace reloads 2 s later and shows the imported notebook, its page and the image.
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Travel', exact: true }).click();
  await page.getByRole('button', { name: 'Plans', exact: true }).click();
  await page.getByRole('button', { name: 'Lisbon', exact: true }).click();
  await expect(page.getByLabel('Page content')).toContainText('Pasteis de nata.');
  const image = page.getByRole('img', { name: 'red square' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  // The wiki link now points at the imported Porto page's address.
  await expect(page).toHaveURL(/\/app\/pages\/[0-9a-f-]{36}$/);
  const lisbonId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const porto = /\[Porto\]\((\/app\/pages\/[0-9a-f-]{36})\)/.exec(await savedContent(page, lisbonId));
  await page.goto(porto?.[1] ?? '/app');
  await expect(page.getByLabel('Page title')).toHaveValue('Porto');
});

test('a file that is neither a backup nor a zip is refused, and nothing is imported', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  const settings = await openBackupSettings(page);
  await settings.getByLabel('Backup file (JSON) or zip of Markdown files').setInputFiles({
    name: 'notes.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('this is not a zip'),
  });
  await settings.getByRole('button', { name: 'Import from File' }).click();
  await expect(settings.getByRole('alert')).toHaveText(
    'Import failed: This file is neither a Jotlist backup (JSON) nor a readable zip file.',
  );
  await expect(settings.getByRole('region', { name: 'Import preview' })).toHaveCount(0);
});
