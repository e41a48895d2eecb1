import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createNotebook, createPage, createSection, pagesList, signInToWorkspace } from './notes-helpers.ts';

/**
 * Every page has its own address, `/app/pages/<id>`: opening pages moves the address along, so Back and
 * Forward walk the pages and a reload keeps the page; a link to a missing page or to someone else's says
 * so and falls back to what the workspace shows; Copy link in a page's menu puts the address on the
 * clipboard.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const pageAddress = /\/app\/pages\/([0-9a-f-]{36})$/;

/** The id in the address once it names a page. */
async function openPageId(page: Page): Promise<string> {
  await expect(page).toHaveURL(pageAddress);
  const id = pageAddress.exec(new URL(page.url()).pathname)?.[1];
  if (!id) throw new Error(`no page id in ${page.url()}`);
  return id;
}

// Two accounts in two contexts and a dozen steps: about 27 s of work on a loaded machine, over the
// default 30 s once the worker's server start is counted.
test.setTimeout(60_000);

const row = (page: Page, title: string) => pagesList(page).getByRole('button', { name: title, exact: true });

test('pages have addresses that Back, Forward and reload follow; a bad one falls back', async ({
  page,
  server,
  browser,
}) => {
  await signInToWorkspace(page, server);
  await createNotebook(page, 'Links');
  await createSection(page, 'Walk');
  await createPage(page, 'Alpha', 'first page');
  const alpha = await openPageId(page);
  await createPage(page, 'Beta', 'second page');
  const beta = await openPageId(page);
  expect(beta).not.toBe(alpha);

  // Open A then B from the list: each is a step of the history.
  await row(page, 'Alpha').click();
  await expect(page).toHaveURL(`/app/pages/${alpha}`);
  await expect(page.getByLabel('Page title')).toHaveValue('Alpha');
  await row(page, 'Beta').click();
  await expect(page).toHaveURL(`/app/pages/${beta}`);
  await expect(page.getByLabel('Page title')).toHaveValue('Beta');

  await page.goBack();
  await expect(page).toHaveURL(`/app/pages/${alpha}`);
  await expect(page.getByLabel('Page title')).toHaveValue('Alpha');
  await expect(row(page, 'Alpha')).toHaveAttribute('aria-current', 'true');
  await page.goForward();
  await expect(page).toHaveURL(`/app/pages/${beta}`);
  await expect(page.getByLabel('Page title')).toHaveValue('Beta');

  await page.reload();
  await expect(page).toHaveURL(`/app/pages/${beta}`);
  await expect(page.getByLabel('Page title')).toHaveValue('Beta');
  await expect(page.getByLabel('Page content')).toHaveText('second page');
  await expect(page.getByRole('button', { name: 'Walk', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // The Todos view is the workspace's own address; Back returns to the page in the Notes view.
  await page.getByRole('tab', { name: 'Todos' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await page.goBack();
  await expect(page).toHaveURL(`/app/pages/${beta}`);
  await expect(page.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Page title')).toHaveValue('Beta');

  // A page that does not exist: said so, and the address falls back to the page shown.
  await page.goto('/app/pages/00000000-0000-4000-8000-00000000dead');
  await expect(page.getByRole('alert')).toContainText(
    'That page could not be found. It may have been deleted.',
  );
  await expect(page).toHaveURL(`/app/pages/${beta}`);
  await expect(page.getByLabel('Page title')).toHaveValue('Beta');

  // Someone else's page is not found either.
  const otherContext = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1440, height: 900 },
  });
  const other = await otherContext.newPage();
  await signInToWorkspace(other, server);
  await createNotebook(other, 'Private');
  await createSection(other, 'Mine');
  await createPage(other, 'Secret', 'not yours');
  const secret = await openPageId(other);
  await otherContext.close();

  await page.goto(`/app/pages/${secret}`);
  await expect(page.getByRole('alert')).toContainText(
    'That page could not be found. It may have been deleted.',
  );
  await expect(page).toHaveURL(`/app/pages/${beta}`);
  await expect(page.getByLabel('Page title')).toHaveValue('Beta');
  await expect(page.getByText('not yours')).toHaveCount(0);

  // A link opened fresh (another tab, a bookmark: this device remembers Beta) selects the page's notebook and section too.
  const fresh = await page.context().newPage();
  await fresh.goto(`/app/pages/${alpha}`);
  await expect(fresh.getByLabel('Page title')).toHaveValue('Alpha');
  await expect(fresh.getByRole('button', { name: 'Walk', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await fresh.close();
});

test('Copy link in a page menu puts its address on the clipboard', async ({
  page,
  server,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
  const account = await signInToWorkspace(page, server);
  await createNotebook(page, 'Share');
  await createSection(page, 'Out');
  await createPage(page, 'Handout', 'for the team');
  const id = await openPageId(page);

  await pagesList(page).getByRole('button', { name: 'More actions for Handout' }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${server.baseURL}/app/pages/${id}`);

  // The copied address opens the page in a new tab.
  const tab = await context.newPage();
  await tab.goto(copied);
  await expect(tab.getByLabel('Page title')).toHaveValue('Handout');

  // Signed out, the link goes through sign-in and comes back to the page.
  const outside = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1440, height: 900 },
  });
  const visitor = await outside.newPage();
  await visitor.goto(copied);
  await expect(visitor).toHaveURL(/\/auth\/signin$/);
  await visitor.getByLabel('Email').fill(account.email);
  await visitor.getByLabel('Password', { exact: true }).fill(account.password);
  await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(visitor).toHaveURL(`/app/pages/${id}`);
  await expect(visitor.getByLabel('Page title')).toHaveValue('Handout');
  await outside.close();
});
