import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dragOnto, nameNewRow, signInToWorkspace } from './notes-helpers.ts';

/**
 * docs/PRODUCT.md §10.5 in a real browser: completing, moving, renaming and editing show `Undo` for 8 s, and Undo
 * puts the previous state back ON THE SERVER (each journey reloads to prove it).
 */

test.use({ viewport: { width: 1440, height: 900 } });

const tasksPane = (page: Page) => page.getByRole('region', { name: 'Tasks' });
const taskRows = (page: Page) => tasksPane(page).locator('li > div');
const undoToast = (page: Page) => page.getByRole('status').filter({ hasText: 'Undo' });

/** A todo with a category `Inbox` holding `tasks`, added through the quick add box. */
async function inboxWith(page: Page, tasks: string[]) {
  await page.getByRole('tab', { name: 'Todos' }).click();
  await page.getByRole('button', { name: 'New todo' }).click();
  await nameNewRow(page, 'todo', 'New Todo', 'Work');
  await page.getByRole('button', { name: 'New category' }).click();
  await nameNewRow(page, 'category', 'New Category', 'Inbox');
  for (const text of tasks) {
    await page.getByLabel('Add a task').fill(text);
    await page.getByLabel('Add a task').press('Enter');
    await expect(tasksPane(page).getByRole('button', { name: text, exact: true })).toBeVisible();
  }
}

/** Presses Undo and waits for the server to answer the inverse request. */
async function pressUndo(page: Page, method: 'PATCH' | 'PUT') {
  const answered = page.waitForResponse((r) => r.request().method() === method && r.url().includes('/api/'));
  await undoToast(page).getByRole('button', { name: 'Undo' }).click();
  expect((await answered).ok()).toBe(true);
  await expect(undoToast(page)).toHaveCount(0);
}

test('undo a completion: the task is active again, also after a reload', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await inboxWith(page, ['Water the plants']);

  await page.getByLabel('Complete Water the plants').click();
  await expect(page.getByText('No active tasks')).toBeVisible();
  await expect(undoToast(page)).toContainText('Task completed');
  await pressUndo(page, 'PATCH');
  await expect(page.getByLabel('Complete Water the plants')).not.toBeChecked();

  await page.reload();
  await expect(tasksPane(page).getByRole('button', { name: 'Water the plants', exact: true })).toBeVisible();
  await expect(page.getByLabel('Complete Water the plants')).not.toBeChecked();
  await page.getByRole('tab', { name: 'Done' }).click();
  await expect(page.getByText('No completed tasks')).toBeVisible();
});

test('undo a move: the old order comes back, also after a reload', async ({ page, server }) => {
  await signInToWorkspace(page, server);
  await inboxWith(page, ['First', 'Second', 'Third']);

  await dragOnto(page, taskRows(page).nth(2), taskRows(page).nth(0));
  await expect(taskRows(page).first()).toContainText('Third');
  await expect(undoToast(page)).toContainText('Moved task "Third"');
  await pressUndo(page, 'PUT');
  await expect(taskRows(page).nth(2)).toContainText('Third');

  await page.reload();
  await expect(taskRows(page)).toHaveCount(3);
  for (const [index, text] of ['First', 'Second', 'Third'].entries()) {
    await expect(taskRows(page).nth(index)).toContainText(text);
  }
});

test('undo by Ctrl+Z a priority change and a rename; a newer change replaces the older offer', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  await inboxWith(page, ['Book flights']);
  await tasksPane(page).getByRole('button', { name: 'Book flights', exact: true }).click();

  await page.getByRole('button', { name: 'Urgent' }).click();
  await expect(undoToast(page)).toContainText('Priority changed');
  const olderOffer = await undoToast(page).getByRole('button', { name: 'Undo' }).elementHandle();
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Low' }).click();
  expect((await saved).ok()).toBe(true);
  // One offer per task: the newer change replaced the older one. The page makes the new offer once it
  // has read the answer, a moment after the test sees the response: Ctrl+Z before that would undo the
  // older change. Each offer is its own element, so the older one leaving is the signal.
  await olderOffer.waitForElementState('hidden');
  await expect(undoToast(page).getByRole('button', { name: 'Undo' })).toHaveCount(1);
  // Focus is on the Low button, not in a text field: Ctrl+Z is the toast's.
  const answered = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await page.keyboard.press('Control+z');
  expect((await answered).ok()).toBe(true);
  await expect(page.getByRole('button', { name: 'Urgent' })).toHaveAttribute('aria-pressed', 'true');

  // Rename the category from its row, then undo it.
  await page.getByRole('button', { name: 'Inbox', exact: true }).dblclick();
  await page.getByLabel('Rename category').fill('Travel');
  await page.getByLabel('Rename category').press('Enter');
  await expect(undoToast(page)).toContainText('Category renamed');
  await pressUndo(page, 'PATCH');
  await expect(page.getByRole('button', { name: 'Inbox', exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Inbox', exact: true })).toBeVisible();
  await tasksPane(page).getByRole('button', { name: 'Book flights', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Urgent' })).toHaveAttribute('aria-pressed', 'true');
});

test('undo a page rename made in the editor: the old title is back, also after a reload', async ({
  page,
  server,
}) => {
  await signInToWorkspace(page, server);
  const post = async (path: string, data: object) => {
    const response = await page.request.post(path, { data });
    expect(response.status(), `POST ${path}`).toBe(201);
    return (await response.json()) as { id: string };
  };
  const work = await post('/api/notebooks', { title: 'Work' });
  const projects = await post('/api/sections', { notebookId: work.id, title: 'Projects' });
  await post('/api/notes', { sectionId: projects.id, title: 'Launch plan' });
  await page.reload();
  await page.getByRole('button', { name: 'Work', exact: true }).click();
  await page.getByRole('button', { name: 'Projects', exact: true }).click();
  const pages = page.getByRole('region', { name: 'Pages' });
  await pages.getByRole('button', { name: 'Launch plan', exact: true }).click();

  const title = page.getByLabel('Page title');
  await expect(title).toHaveValue('Launch plan');
  await title.fill('Release plan');
  await title.press('Tab');
  await expect(undoToast(page)).toContainText('Page renamed');
  await expect(pages.getByRole('button', { name: 'Release plan', exact: true })).toBeVisible();

  await pressUndo(page, 'PATCH');
  await expect(title).toHaveValue('Launch plan');
  await expect(pages.getByRole('button', { name: 'Launch plan', exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Page title')).toHaveValue('Launch plan');
  await expect(pages.getByRole('button', { name: 'Launch plan', exact: true })).toBeVisible();
});
