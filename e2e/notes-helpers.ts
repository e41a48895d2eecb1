import type { Page } from '@playwright/test';
import { createConfirmedAccount, type TestAccount } from './accounts.ts';
import { dragOver } from './drag-gesture.ts';
import { expect, type JotlistServer } from './fixtures.ts';

/** A fresh confirmed account signed in through the UI, landing in the workspace. */
export async function signInToWorkspace(page: Page, server: JotlistServer) {
  const account = await createConfirmedAccount(server);
  await signInAs(page, account);
  await expect(page).toHaveURL(/\/(app)?$/);
  return account;
}

/** Signs in through the UI as an existing account (a second device of the same person, say). */
export async function signInAs(page: Page, account: TestAccount) {
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'New notebook' })).toBeEnabled();
}

export const notebooks = (page: Page) => page.getByRole('list', { name: 'Notebooks' });
export const pagesList = (page: Page) => page.getByRole('region', { name: 'Pages' });

/**
 * Create and name in one go (docs/PRODUCT.md §10.4): a new row opens with its default name in an edit field,
 * focused and selected, so typing replaces it; Enter keeps it and leaves focus on the row.
 */
export async function nameNewRow(page: Page, noun: string, defaultName: string, title: string) {
  const field = page.getByLabel(`Rename ${noun}`);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(defaultName);
  await page.keyboard.type(title);
  await expect(field).toHaveValue(title);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: title, exact: true })).toBeFocused();
}

/** Creates a notebook and renames it to `title`; it ends selected and open. */
export async function createNotebook(page: Page, title: string) {
  await page.getByRole('button', { name: 'New notebook' }).click();
  await nameNewRow(page, 'notebook', 'New Notebook', title);
}

/** Creates a section in the open notebook and renames it to `title`; it ends selected. */
export async function createSection(page: Page, title: string) {
  await page.getByRole('button', { name: 'New section' }).click();
  await nameNewRow(page, 'section', 'New Section', title);
}

/** Creates a page in the selected section, gives it a title and body, and waits for the save. */
export async function createPage(page: Page, title: string, content = '') {
  await page.getByRole('button', { name: 'New page' }).click();
  await expect(page.getByLabel('Page title')).toHaveValue('Untitled Note');
  await page.getByLabel('Page title').fill(title);
  if (content) await page.getByLabel('Page content').fill(content);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
}

/** Drags one element onto another with the mouse, in small steps as a person would. */
export async function dragOnto(
  page: Page,
  source: string | ReturnType<Page['locator']>,
  target: ReturnType<Page['locator']>,
) {
  await dragOver(page, typeof source === 'string' ? page.locator(source) : source, target);
  await page.mouse.up();
}

/**
 * A notebook, a section and one page made through the API with the browser's session, then opened by
 * clicking through the tree as a person would. Returns the page's id.
 */
export async function openNewPage(page: Page, title: string, content = ''): Promise<string> {
  const post = async (path: string, data: object) => {
    const response = await page.request.post(path, { data });
    expect(response.status(), `POST ${path}`).toBe(201);
    return (await response.json()) as { id: string };
  };
  const notebook = await post('/api/notebooks', { title: 'Work' });
  const section = await post('/api/sections', { notebookId: notebook.id, title: 'Plans' });
  const note = await post('/api/notes', { sectionId: section.id, title, content });
  await page.reload();
  await page.getByRole('button', { name: 'Work', exact: true }).click();
  await page.getByRole('button', { name: 'Plans', exact: true }).click();
  await page.getByRole('button', { name: title, exact: true }).click();
  await expect(page.getByLabel('Page title')).toHaveValue(title);
  return note.id;
}

/** The page's content as the server has it, read through the API with the browser's session. */
export async function savedContent(page: Page, noteId: string): Promise<string> {
  const response = await page.request.get(`/api/notes/${noteId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { content: string }).content;
}
