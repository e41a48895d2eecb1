import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import {
  createNotebook,
  createPage,
  createSection,
  dragOnto,
  notebooks,
  pagesList,
  signInToWorkspace,
} from './notes-helpers.ts';

/**
 * The notes workspace in a real browser against the real server: the tree, the editor's autosave that
 * never loses text, drag and drop, cascading deletes and search.
 */

test.use({ viewport: { width: 1440, height: 900 } });

test('create a notebook, a section and a page, type, reload and find the text', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await expect(page.getByText('No page selected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New page' })).toBeDisabled();

  await createNotebook(page, 'Work');
  await expect(page.getByText('Select a section')).toBeVisible();
  await createSection(page, 'Meetings');
  await expect(page.getByText('No pages yet')).toBeVisible();
  await createPage(page, 'Standup', 'Discussed the roadmap and the launch date.');

  await page.reload();
  await expect(page.getByLabel('Page title')).toHaveValue('Standup');
  await expect(page.getByLabel('Page content')).toHaveText('Discussed the roadmap and the launch date.');
  await expect(pagesList(page).getByRole('button', { name: 'Standup', exact: true })).toBeVisible();

  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      where: violation.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  expect(blocking).toEqual([]);
});

test('drag to reorder notebooks and pages, and move a page to another section', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await createNotebook(page, 'Alpha');
  await createNotebook(page, 'Beta');
  await createSection(page, 'Inbox');
  await createPage(page, 'First');
  await createPage(page, 'Second');
  await createSection(page, 'Archive');

  // Reorder notebooks: Beta above Alpha.
  const rows = () => notebooks(page).locator(':scope > li > div');
  await dragOnto(page, rows().nth(1), rows().nth(0));
  await expect(rows().first()).toContainText('Beta');

  // Reorder pages in Inbox: Second above First.
  await page.getByRole('button', { name: 'Inbox', exact: true }).click();
  const pageRows = () => pagesList(page).locator('li > div');
  await dragOnto(page, pageRows().nth(1), pageRows().nth(0));
  await expect(pageRows().first()).toContainText('Second');

  await page.reload();
  await expect(rows().first()).toContainText('Beta');
  await page.getByRole('button', { name: 'Inbox', exact: true }).click();
  await expect(pageRows().first()).toContainText('Second');
  await expect(pageRows().nth(1)).toContainText('First');

  // Move "First" onto the Archive section row.
  const archive = page.getByRole('button', { name: 'Archive', exact: true }).locator('xpath=..');
  await dragOnto(page, pageRows().nth(1), archive);
  await expect(pageRows()).toHaveCount(1);
  await page.reload();
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(pagesList(page).getByRole('button', { name: 'First', exact: true })).toBeVisible();
});

test('deleting a notebook says what goes with it and removes its sections and pages', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  await createNotebook(page, 'Keep');
  await createNotebook(page, 'Doomed');
  await createSection(page, 'Gone');
  await createPage(page, 'Lost page', 'unique-cascade-word');

  await page.getByRole('button', { name: 'More actions for Doomed' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    'This will permanently delete the notebook and all its sections and notes. This cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Doomed', exact: true })).toHaveCount(0);
  // Selection moved to the first remaining notebook.
  await expect(page.getByRole('button', { name: 'Keep', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );

  await page.reload();
  await expect(page.getByRole('button', { name: 'Doomed', exact: true })).toHaveCount(0);
  await page.getByLabel('Search notes').fill('cascade-word');
  await expect(page.getByText('No results found')).toBeVisible();
});

test('search finds a word from the middle of a page and opens it', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await createNotebook(page, 'Travel');
  await createSection(page, 'Plans');
  await createPage(
    page,
    'Lisbon',
    'Flights are booked; the hotel near Alfama has a rooftop terrace for evenings.',
  );
  await createPage(page, 'Porto', 'Trains leave hourly.');

  await page.getByLabel('Search notes').fill('ROOFTOP');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('button')).toHaveCount(1);
  await expect(results.locator('mark')).toHaveText('rooftop');
  await results.getByRole('button').click();
  await expect(page.getByLabel('Page title')).toHaveValue('Lisbon');

  await page.getByLabel('Search notes').fill('nowhere-to-be-found');
  await expect(page.getByText('No results found')).toBeVisible();
});

test('an edit survives a server that refuses writes for a while', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await createNotebook(page, 'Drafts');
  await createSection(page, 'Ideas');
  await createPage(page, 'Resilient', 'Start.');

  let refusing = true;
  await page.route('**/api/notes/*', async (route) => {
    if (route.request().method() === 'PATCH' && refusing) {
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"unavailable","message":"Service unavailable"}}',
      });
      return;
    }
    await route.continue();
  });
  const body = page.getByLabel('Page content');
  await body.click();
  await body.press('End');
  await body.pressSequentially(' Typed while the server was down.', { delay: 10 });
  await expect(page.getByRole('status').filter({ hasText: "Couldn't save" })).toBeVisible();
  await body.pressSequentially(' And more.', { delay: 10 });
  const draft = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('jotlist-draft:')),
  );
  expect(draft).toHaveLength(1);

  refusing = false;
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByLabel('Page content')).toHaveText(
    'Start. Typed while the server was down. And more.',
  );
});
