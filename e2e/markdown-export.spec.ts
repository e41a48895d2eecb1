import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { unzip } from '../src/server/test/unzip.ts';
import { expect, test } from './fixtures.ts';
import { createNotebook, createPage, createSection, signInToWorkspace } from './notes-helpers.ts';

/**
 * Export as Markdown in a real browser: a person writes a page, downloads the zip from Settings → Backup
 * with the plain link (the browser streams it to disk), and finds the page in it as Markdown.
 */

test.use({ viewport: { width: 1440, height: 900 } });

test('export everything as Markdown and find the page in the zip', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await createNotebook(page, 'Travel');
  await createSection(page, 'Plans');
  await createPage(page, 'Lisbon: day 1', 'Pasteis de **nata** at the corner bakery.');

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('tab', { name: 'Backup' })).toHaveAttribute('aria-selected', 'true');
  const link = settings.getByRole('link', { name: 'Export as Markdown' });
  await expect(link).toHaveAccessibleDescription(/zip of Markdown files/);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^jotlist-\d{4}-\d{2}-\d{2}\.zip$/);

  const entries = await unzip(await readFile(await download.path()));
  const lisbon = entries.get('Travel/Plans/Lisbon- day 1.md')?.toString('utf8');
  expect(lisbon, [...entries.keys()].join(', ')).toMatch(
    /^---\ntitle: "Lisbon: day 1"\ncreated: \S+\nupdated: \S+\n---\n\nPasteis de \*\*nata\*\* at the corner bakery\.$/,
  );
  expect(entries.has('README.md')).toBe(true);
  expect(entries.has('Todos/tasks.ics')).toBe(true);
  // The settings stay open (the download did not navigate away), and the new link keeps them accessible.
  await expect(settings).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => v.id)).toEqual([]);
});
