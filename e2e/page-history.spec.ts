import type { Page } from '@playwright/test';
import { seriousViolations } from './a11y-helpers.ts';
import { createConfirmedAccount } from './accounts.ts';
import { expect, test } from './fixtures.ts';
import { createNotebook, createPage, createSection, pagesList, signInToWorkspace } from './notes-helpers.ts';

/**
 * Page history (docs/PRODUCT.md): a page edited, the app reloaded and the page edited again has two
 * versions; History lists them, shows what changed since the older one, restores it, and Undo puts the
 * newer text back. axe finds nothing serious in the dialog, in both themes. A new account's starter page,
 * once edited, offers its original text (`Before editing`) to go back to.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const content = (page: Page) => page.getByRole('textbox', { name: 'Page content' });
const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

for (const colorScheme of ['light', 'dark'] as const) {
  test(`lists a page's versions, shows the diff and restores one (${colorScheme} theme)`, async ({
    page,
    server,
  }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme });
    await signInToWorkspace(page, server);
    await createNotebook(page, 'Work');
    await createSection(page, 'Meetings');
    await createPage(page, 'Standup', 'First line');

    // A new visit is a new editing session: its edits make a second version.
    await page.reload();
    await expect(page.getByLabel('Page title')).toHaveValue('Standup');
    await expect(content(page)).toContainText('First line');
    await content(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\nSecond line');
    await saved(page);

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Page history' });
    const versions = dialog.getByRole('navigation', { name: 'Versions' }).getByRole('button');
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toHaveAttribute('aria-current', 'true');
    await expect(dialog.getByText('Same as the current text.')).toBeVisible();

    // The older version: the line typed since shows as added.
    await versions.nth(1).click();
    await expect(versions.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(versions.nth(1)).toContainText('Edited · 10 characters');
    await expect(dialog.locator('ins')).toHaveText('Added: Second line');
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await expect(dialog).toBeHidden();
    await expect(content(page)).toContainText('First line');
    await expect(content(page)).not.toContainText('Second line');
    // Focus is back on the button that opened the dialog.
    await expect(page.getByRole('button', { name: 'History', exact: true })).toBeFocused();

    // The restore is undoable from its toast, and what the server holds follows.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(content(page)).toContainText('Second line');
    await saved(page);
    await page.reload();
    await expect(pagesList(page).getByRole('button', { name: 'Standup', exact: true })).toBeVisible();
    await expect(content(page)).toContainText('Second line');
  });
}

test("offers a starter page's original text after its first edit", async ({ page, server }) => {
  test.setTimeout(60_000);
  const account = await createConfirmedAccount(server, undefined, undefined, { starterContent: true });
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Page title')).toHaveValue('Welcome to Jotlist');
  await expect(content(page)).toContainText('Notes live in notebooks');

  await page.getByRole('button', { name: 'History', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Page history' });
  await expect(dialog.getByText('No versions yet', { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await content(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\nMy first own line');
  await saved(page);
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const versions = dialog.getByRole('navigation', { name: 'Versions' }).getByRole('button');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(1)).toContainText('Before editing');
  await versions.nth(1).click();
  await expect(dialog.locator('ins')).toContainText('My first own line');
});
