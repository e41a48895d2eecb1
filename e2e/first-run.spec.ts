import type { Page } from '@playwright/test';
import { createConfirmedAccount } from './accounts.ts';
import { expect, type JotlistServer, test } from './fixtures.ts';

/**
 * A new account's first minutes (docs/PRODUCT.md §10.3): it starts with a `Getting started` notebook and list, a
 * phone opens on the sidebar rather than an empty editor, and an empty tree says what to do next.
 */

async function signInNewAccount(page: Page, server: JotlistServer) {
  const account = await createConfirmedAccount(server, undefined, undefined, { starterContent: true });
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/app(\/pages\/[\w-]+)?$/);
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a new account opens on its sidebar with the Getting started notebook and list', async ({
    page,
    server,
  }) => {
    await signInNewAccount(page, server);
    await expect(sidebar(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hide sidebar' })).toHaveAttribute('aria-expanded', 'true');
    await sidebar(page).getByRole('button', { name: 'Getting started', exact: true }).click();
    await sidebar(page).getByRole('button', { name: 'Welcome', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Pages of Welcome' }).getByRole('listitem')).toHaveText([
      'Welcome to Jotlist',
      'Write in Markdown',
    ]);
    // Picking a page gives the phone's screen to the page.
    await sidebar(page).getByRole('button', { name: 'Write in Markdown', exact: true }).click();
    await expect(sidebar(page)).toBeHidden();
    await expect(page.getByLabel('Page title')).toHaveValue('Write in Markdown');

    await page.getByRole('button', { name: 'Show sidebar' }).click();
    await page.getByRole('tab', { name: 'Todos' }).click();
    await sidebar(page).getByRole('button', { name: 'Getting started', exact: true }).click();
    await sidebar(page).getByRole('button', { name: 'Try these', exact: true }).click();
    const tasks = page.getByRole('list', { name: 'Tasks of Try these' });
    await expect(tasks.getByRole('button', { name: 'Tick this task off', exact: true })).toBeVisible();
    await expect(
      tasks.getByRole('button', { name: 'Tick this task off', exact: true }),
    ).toHaveAccessibleDescription(/Priority\s*High/);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a new account opens on the welcome page; a returning user keeps their last page', async ({
    page,
    server,
  }) => {
    await signInNewAccount(page, server);
    await expect(page.getByLabel('Page title')).toHaveValue('Welcome to Jotlist');
    await expect(page.getByText('No page selected')).toHaveCount(0);
    // The starter notebook is open on it: its sections and the section's pages are listed.
    await expect(sidebar(page).getByRole('button', { name: 'Welcome', exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Pages of Welcome' }).getByRole('listitem')).toHaveText([
      'Welcome to Jotlist',
      'Write in Markdown',
    ]);

    await sidebar(page).getByRole('button', { name: 'Tips', exact: true }).click();
    await sidebar(page).getByRole('button', { name: 'Find anything', exact: true }).click();
    await expect(page.getByLabel('Page title')).toHaveValue('Find anything');
    await page.reload();
    await expect(page.getByLabel('Page title')).toHaveValue('Find anything');
  });

  test('the starter notebook deletes like any other, and the empty tree offers to create one', async ({
    page,
    server,
  }) => {
    await signInNewAccount(page, server);
    await page.getByRole('button', { name: 'More actions for Getting started' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No notebooks yet')).toBeVisible();

    await page.getByRole('button', { name: 'Create a notebook' }).click();
    await expect(page.getByRole('list', { name: 'Notebooks' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByText('No sections yet')).toBeVisible();
    await page.getByRole('button', { name: 'New section' }).click();
    await expect(page.getByText('No pages yet')).toBeVisible();
    await page.getByRole('button', { name: 'Create a page' }).click();
    await expect(page.getByLabel('Page title')).toBeVisible();

    // The list is still there, and survives a reload; the deleted notebook does not come back.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Getting started', exact: true })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Todos' }).click();
    await expect(page.getByRole('button', { name: 'Getting started', exact: true })).toBeVisible();
  });
});
